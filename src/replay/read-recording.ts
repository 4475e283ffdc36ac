// Opens a recording file as hostile input: size, nesting depth, version and schema, each refused with a sentence a
// person can act on. Markup in its strings (a tool may well return "<script>") is not refused but named: the replay
// shows every string as text, never as HTML, and says so.
import { Recording } from "../../contract/recording";
import { MAX_RECORDING_BYTES, MAX_RECORDING_DEPTH, RECORDING_FORMAT, RECORDING_VERSION } from "../../contract/recording-format";

/** `markup`: where the first string holding a script tag or a javascript: link is, shown to the reader as a notice. */
export type ReadResult = { ok: true; recording: Recording; markup?: string } | { ok: false; message: string };

const refuse = (message: string): ReadResult => ({ ok: false, message });
const SCRIPT = /<\s*script\b|javascript\s*:/i;

/** The deepest nesting of `[` and `{` outside strings, counted on the text so a deep file never reaches a recursive walk. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") deepest = Math.max(deepest, ++depth);
    else if (c === "]" || c === "}") depth--;
  }
  return deepest;
}

/** The path of the first string (or key) that holds a script tag or a javascript: link, if any. */
function scriptIn(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, "$"]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (SCRIPT.test(v)) return path;
    } else if (v && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        if (SCRIPT.test(k)) return path;
        stack.push([child, Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`]);
      }
    }
  }
  return undefined;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function readRecording(text: string, bytes = new TextEncoder().encode(text).length): ReadResult {
  if (bytes > MAX_RECORDING_BYTES) return refuse(`This file is ${mb(bytes)}; a recording can be at most ${mb(MAX_RECORDING_BYTES)}.`);
  if (nestingDepth(text) > MAX_RECORDING_DEPTH)
    return refuse(`This file nests deeper than ${MAX_RECORDING_DEPTH} levels; no recording the playground writes does, so it was not opened.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse("This file is not JSON. A recording is the .mcp-session.json file that Export session writes.");
  }
  const head = value as { format?: unknown; version?: unknown } | null;
  if (!head || typeof head !== "object" || head.format !== RECORDING_FORMAT)
    return refuse('This JSON file is not a recording (its "format" is not "mcp-session"). Open a file that Export session wrote.');
  if (head.version !== RECORDING_VERSION)
    return refuse(
      `This recording is version ${JSON.stringify(head.version) ?? "(none)"}; this playground opens version ${RECORDING_VERSION} only. Export it again from a current playground.`,
    );
  const parsed = Recording.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(`This recording does not match its format at ${["$", ...issue.path].join(".")}: ${issue.message}.`);
  }
  return { ok: true, recording: parsed.data, markup: scriptIn(parsed.data) };
}
