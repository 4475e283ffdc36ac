import { describe, expect, test } from "vitest";
import type { Recording } from "../../contract/recording";
import { MAX_RECORDING_BYTES, MAX_RECORDING_DEPTH } from "../../contract/recording-format";
import { nestingDepth, readRecording } from "./read-recording";
import { replaySteps, stepLine } from "./steps";

const exchange = (seq: number, body: unknown, status = 200) => ({
  seq,
  groupId: 1,
  startedAt: 1_700_000_000_000 + seq,
  durationMs: 5,
  httpMethod: "POST",
  url: "/mcp/s1",
  requestHeaders: { "content-type": "application/json" },
  requestBody: body,
  status,
  responseHeaders: {},
  responseText: "{}",
  messages: [],
  state: "done",
});

const good = (): Recording =>
  ({
    format: "mcp-session",
    version: 1,
    exportedAt: "2026-12-02T16:00:00.000Z",
    source: "page",
    lesson: { id: "02-asking-with-elicit", title: "Asking with elicit" },
    files: { "close-ticket.tool.ts": "export default 1;" },
    persona: "modern",
    calls: [{ kind: "result", seq: 1, tool: "close_ticket", persona: "modern", args: { id: "T-1" }, at: 1, groupId: 1, answers: [], result: {}, rounds: 2 }],
    wire: [
      {
        id: 1,
        label: "tools/call close_ticket",
        persona: "2026-07-28 · forms",
        lessonId: "02-asking-with-elicit",
        lessonTitle: "Asking with elicit",
        startedAt: 1_700_000_000_000,
        exchanges: [exchange(2, { jsonrpc: "2.0", id: 2, method: "tools/call" }), exchange(1, { jsonrpc: "2.0", id: 1, method: "tools/call" })],
      },
    ],
  }) as Recording;

const read = (value: unknown) => readRecording(JSON.stringify(value));
const message = (value: unknown) => {
  const r = typeof value === "string" ? readRecording(value) : read(value);
  return r.ok ? "opened" : r.message;
};

describe("opening a recording", () => {
  test("a recording the playground writes opens, and steps walk its exchanges in order", () => {
    const r = read(good());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.markup).toBeUndefined();
    const steps = replaySteps(r.recording);
    expect(steps.map((s) => s.shown.exchanges.map((x) => x.seq))).toEqual([[1], [1, 2]]);
    expect(steps.map((s) => s.last)).toEqual([false, true]);
    expect(steps[0].call?.tool).toBe("close_ticket");
    expect(stepLine(steps[0])).toBe("POST tools/call → 200");
  });

  test("a misbehaving client's broken POST and a call its client's timeout ended open as they were recorded", () => {
    const base = { seq: 2, tool: "close_ticket", persona: "misbehaving", args: { id: "T-1" }, at: 2, answers: [] };
    const calls = [
      { ...base, kind: "result", result: {}, rounds: 1, broke: "answer-twice", brokenPost: { status: 400, text: '{"error":{"code":-32600}}' } },
      { ...base, seq: 3, kind: "failure", message: "The client stopped waiting", timedOut: true },
    ];
    const r = read({ ...good(), calls: [...good().calls, ...calls] });
    expect(r.ok && r.recording.calls.slice(1)).toEqual(calls);
    expect(message({ ...good(), calls: [{ ...calls[1], timedOut: false }] })).toContain("timedOut");
  });

  test("a file that is not JSON, not a recording, or of another version is refused by name", () => {
    expect(message("{not json")).toMatch(/not JSON/);
    expect(message({ hello: 1 })).toMatch(/not a recording/);
    expect(message({ ...good(), version: 2 })).toMatch(/version 2; this playground opens version 1/);
    expect(message({ ...good(), version: undefined })).toMatch(/version \(none\)/);
  });

  test("a field of the wrong shape is refused with where it is", () => {
    const bad = good() as unknown as { calls: { args: unknown }[] };
    bad.calls[0].args = "T-1";
    expect(message(bad)).toMatch(/at \$\.calls\.0\.args/);
    expect(message({ ...good(), extra: true })).toMatch(/does not match/);
  });

  test("a file over the size cap is refused before it is parsed", () => {
    expect(readRecording("{}", MAX_RECORDING_BYTES + 1)).toMatchObject({ ok: false, message: expect.stringMatching(/at most 5\.0 MB/) });
  });

  test("deep nesting is refused on the text, before any recursive walk", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(nestingDepth(deep)).toBe(100_000);
    expect(nestingDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(message(deep)).toMatch(new RegExp(`deeper than ${MAX_RECORDING_DEPTH}`));
    const nested = good() as unknown as { calls: { args: unknown }[] };
    let v: unknown = 1;
    for (let i = 0; i < MAX_RECORDING_DEPTH; i++) v = { v };
    nested.calls[0].args = v;
    expect(message(nested)).toMatch(/deeper than/);
  });

  test("markup in strings opens, with where it is, since the replay shows every string as text", () => {
    const withScript = good();
    withScript.files["x.ts"] = '"<script>alert(1)</script>"';
    const r = read(withScript);
    expect(r).toMatchObject({ ok: true, markup: "$.files.x.ts" });
  });
});
