// Server-sent events as both sides read them: the page (Wire tab tap, room board) and the server's own clients and
// tests. The framing is eventsource-parser's, the parser the MCP SDK's client uses, so every reader here sees the same
// events the SDK does: a multi-line `data:` field joined with "\n", comments and `id:`/`event:`/`retry:` lines not
// taken for data, LF, CR or CRLF line ends, and events split anywhere across chunks. It lives in contract/ because it
// is the one module both the SPA and the backend may import; it takes text, so it needs neither DOM nor Node types.
import { createParser } from "eventsource-parser";

/**
 * A reader fed an event stream's text chunk by chunk (as decoded, split anywhere): `onData` gets each complete
 * event's data. An event without data (a priming event that only carries an `id:`) has nothing to read and is
 * skipped; an event the stream ends inside is dropped, as EventSource drops it.
 */
export function sseDataReader(onData: (data: string) => void): (chunk: string) => void {
  const parser = createParser({
    onEvent: (event) => {
      if (event.data !== "") onData(event.data);
    },
  });
  return (chunk) => parser.feed(chunk);
}

/** The data of every complete event in a whole event-stream body, in order. */
export function sseDataOf(body: string): string[] {
  const out: string[] = [];
  sseDataReader((data) => out.push(data))(body);
  return out;
}
