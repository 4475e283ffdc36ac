// A person who takes their time, fast-forwarded: the page asks for it with one header on its own requests, and the
// server then mints that call's requestState with a tenth of its expiry (the page divides its own request timeout).
// Nothing else is shortened: not the sandbox's limits, session expiry or rate limits.

/** Sent as "1" by the page on the requests of a fast-forwarded call. */
export const FAST_FORWARD_HEADER = "playground-fast-forward";
/** What fast-forward divides the page client's request timeout and the call's requestState expiry by. */
export const FAST_FORWARD = 10;
