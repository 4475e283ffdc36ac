// Fetches a recording for `/?replay=URL`: only from the playground's own origin (the page's CSP allows no other), never
// from its API or MCP endpoints, and never more than a recording may weigh.
import { MAX_RECORDING_BYTES } from "../../contract/recording-format";

export class RecordingFetchError extends Error {
  name = "RecordingFetchError";
}

/** The address a `?replay=` value names, or why it cannot be opened. */
export function recordingAddress(raw: string, origin = location.origin): URL {
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    throw new RecordingFetchError(`"${raw}" is not an address.`);
  }
  if (url.origin !== origin) throw new RecordingFetchError(`A recording can only be opened from this playground (${origin}), not from ${url.origin}.`);
  if (/^\/(api|mcp)(\/|$)/.test(url.pathname)) throw new RecordingFetchError("A recording is a file the playground serves, not an API or MCP address.");
  return url;
}

export async function fetchRecording(raw: string): Promise<{ text: string; bytes: number }> {
  const url = recordingAddress(raw);
  let res: Response;
  try {
    res = await fetch(url, { credentials: "omit", headers: { accept: "application/json" } });
  } catch (err) {
    throw new RecordingFetchError(`The recording at ${url.pathname} could not be fetched (${(err as Error).message}).`);
  }
  if (!res.ok) throw new RecordingFetchError(`The recording at ${url.pathname} could not be fetched: ${res.status} ${res.statusText}.`);
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_RECORDING_BYTES) return { text: "", bytes: declared };
  const buffer = await res.arrayBuffer();
  if (buffer.byteLength > MAX_RECORDING_BYTES) return { text: "", bytes: buffer.byteLength };
  return { text: new TextDecoder().decode(buffer), bytes: buffer.byteLength };
}
