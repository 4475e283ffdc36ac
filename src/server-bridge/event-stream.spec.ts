// The page's event-stream follower: events across chunks, reconnection with a backoff, and when it gives up.
import { afterEach, describe, expect, test, vi } from "vitest";
import { followEventStream, type StreamState } from "./event-stream";

/** A response whose body arrives in the given chunks, then ends (the connection drops). */
const streamOf = (chunks: string[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    }),
    { status: 200, headers: { "content-type": "text/event-stream" } },
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("followEventStream", () => {
  test("reads events split across chunks, reconnects after a drop or a 5xx with a growing delay, stops on a 4xx", async () => {
    vi.useFakeTimers();
    const answers = [
      () => streamOf(['data: {"n":', "1}\n\ndata: 2\n", "\n"]),
      () => new Response("busy", { status: 503 }),
      () => streamOf(["data: 3\r\n\r\n"]),
      () => new Response("no", { status: 403 }),
    ];
    const calls: { at: number; headers: unknown }[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      calls.push({ at: Date.now(), headers: init.headers });
      return answers[calls.length - 1]();
    });
    const data: string[] = [];
    const states: [StreamState, number?][] = [];
    const started = Date.now();
    const done = followEventStream(
      "/api/rooms/ABC/events",
      { authorization: "Bearer k" },
      (d) => data.push(d),
      (s, status) => states.push(status ? [s, status] : [s]),
      new AbortController().signal,
    );
    await vi.runAllTimersAsync();
    await done;
    expect(data).toEqual(['{"n":1}', "2", "3"]);
    expect(states).toEqual([["live"], ["reconnecting"], ["reconnecting"], ["live"], ["reconnecting"], ["refused", 403]]);
    // 0.5 s after the first drop, 1 s after the 503 (a live stream resets the delay to 0.5 s), then 0.5 s again.
    expect(calls.map((c) => c.at - started)).toEqual([0, 500, 1500, 2000]);
    expect(calls[0].headers).toEqual({ authorization: "Bearer k", accept: "text/event-stream" });
  });

  test("an abort ends it without reconnecting", async () => {
    const abort = new AbortController();
    let calls = 0;
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      calls++;
      return new Promise<Response>((_, reject) => init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    });
    const states: StreamState[] = [];
    const done = followEventStream(
      "/x",
      {},
      () => undefined,
      (s) => states.push(s),
      abort.signal,
    );
    abort.abort();
    await done;
    expect({ calls, states }).toEqual({ calls: 1, states: [] });
  });
});
