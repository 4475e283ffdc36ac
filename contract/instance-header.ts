// Response headers about which playground instance answered: set by the server, read by the Wire tab (a contract of both).
export const INSTANCE_HEADER = "playground-instance";
/** On the response whose request made this instance rebuild the session from the database (module state starts over). */
export const SESSION_REBUILT_HEADER = "playground-session-rebuilt";
/**
 * Official-SDK projects only: which instance of the learner's own server answered (a stdio server gets one process per
 * client: one instance per 2025-11-25 connection, one shared by all 2026-07-28 requests). Value: `<n>; role=<role>`.
 */
export const SERVER_INSTANCE_HEADER = "playground-server-instance";
