// The line the sandbox adds when a call's or a test's console output was cut (LOG_CALL_KB), and a session's console
// when it dropped earlier output (LOG_SESSION_KB): the page sets it apart. No imports: the sandbox runtimes bundle it.
export const CONSOLE_CUT_MARKER = "… console output cut";
