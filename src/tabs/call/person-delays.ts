// How long the person takes to hand over an answer once they have given it: the Call tab's "the person answers
// after" choice. The delay is real time, never fast-forwarded: fast-forward shortens only what the client and the
// server would wait for (contract/person-timing.ts).
export const PERSON_DELAYS = { now: 0, "10 s": 10_000, "1 min": 60_000, "5 min": 300_000, never: null } as const;
export type PersonDelay = keyof typeof PERSON_DELAYS;
export const PERSON_DELAY_NAMES = Object.keys(PERSON_DELAYS) as PersonDelay[];
