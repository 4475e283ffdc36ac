import { describe, expect, test } from "vitest";
import { sseDataOf, sseDataReader } from "./sse";

/** Feeds `chunks` one by one and returns the data seen after each, so a test can say when an event completes. */
function feedInChunks(chunks: string[]): string[][] {
  const seen: string[] = [];
  const feed = sseDataReader((d) => seen.push(d));
  return chunks.map((c) => (feed(c), [...seen]));
}

describe("sse reader", () => {
  test("a multi-line data field is one event, its lines joined with a newline", () => {
    expect(sseDataOf('data: {"a":\ndata: 1}\n\n')).toEqual(['{"a":\n1}']);
    expect(JSON.parse(sseDataOf('data: {"a":\ndata: 1}\n\n')[0])).toEqual({ a: 1 });
  });

  test("only the single space after the colon is dropped; no space is fine too", () => {
    expect(sseDataOf("data:x\n\ndata:  two spaces\n\n")).toEqual(["x", " two spaces"]);
  });

  test("comments and other fields are not data", () => {
    const body = ": keep-alive\n\nid: 7\nevent: message\nretry: 1000\n: a comment inside\ndata: 1\n\n";
    expect(sseDataOf(body)).toEqual(["1"]);
  });

  test("an event with no data (a priming event) is skipped", () => {
    expect(sseDataOf("id: 0\ndata:\n\ndata: 2\n\n")).toEqual(["2"]);
  });

  test("CRLF and lone CR line ends frame events like LF", () => {
    expect(sseDataOf("data: a\r\ndata: b\r\n\r\ndata: c\r\rdata: d\n\n")).toEqual(["a\nb", "c", "d"]);
  });

  test("chunks split mid-line, mid-field-name and between CR and LF still give whole events, each once", () => {
    const steps = feedInChunks(["da", 'ta: {"n":', "1}\r", "\n", "\r", "\ndata: 2\n", "\n"]);
    expect(steps).toEqual([[], [], [], [], [], ['{"n":1}'], ['{"n":1}', "2"]]);
  });

  test("an event the stream ends inside is dropped, as EventSource drops it", () => {
    expect(sseDataOf("data: 1\n\ndata: 2\n")).toEqual(["1"]);
  });
});
