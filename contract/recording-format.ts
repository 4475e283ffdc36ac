// The constants of a recording file, apart from its schema (contract/recording.ts) so that the page can name and
// size-check a recording without loading the schema library on its first screen.
export const RECORDING_FORMAT = "mcp-session";
/** Bumped when a field changes meaning; a reader refuses every other version rather than guess. */
export const RECORDING_VERSION = 1;
export const RECORDING_SUFFIX = ".mcp-session.json";
/** The largest recording a page opens. */
export const MAX_RECORDING_BYTES = 5 * 1024 * 1024;
/** Deepest nesting of arrays and objects anywhere in the file. */
export const MAX_RECORDING_DEPTH = 64;
