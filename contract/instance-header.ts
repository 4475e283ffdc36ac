// Response headers about which playground instance answered: set by the server, read by the Wire tab (a contract of both).
export const INSTANCE_HEADER = "playground-instance";
/** On the response whose request made this instance rebuild the session from the database (module state starts over). */
export const SESSION_REBUILT_HEADER = "playground-session-rebuilt";
