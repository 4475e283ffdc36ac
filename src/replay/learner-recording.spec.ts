import { describe, expect, test } from "vitest";
import { recordingAddress } from "../server-bridge/recording";
import { learnerRecording } from "./learner-recording";
import { readRecording } from "./read-recording";

describe("the teacher's export of a learner", () => {
  test("what a learner's page shared becomes a recording that opens", () => {
    const view = {
      id: 3,
      name: "Ada",
      item: "02-asking-with-elicit",
      files: { "close-ticket.tool.ts": "export {}" },
      lastCall: {
        label: "tools/call close_ticket",
        persona: "2026-07-28 · forms",
        exchanges: [{ method: "POST", url: "/mcp/s", status: 200, startedAt: 1000, durationMs: 4, request: { method: "tools/call" }, messages: [{ id: 1 }] }],
      },
    };
    const read = readRecording(JSON.stringify(learnerRecording(view)));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.recording).toMatchObject({ source: "teacher", files: view.files, wire: [{ exchanges: [{ startedAt: 1000, durationMs: 4, status: 200 }] }] });
  });

  // The server checks a learner's call against its contract; the recording stays safe even if an older row holds junk.
  test("junk a learner's page sent still makes a recording that opens", () => {
    for (const lastCall of [undefined, "text", { exchanges: "no" }, { exchanges: [null, 5, { status: -1, startedAt: "soon", method: 7 }] }]) {
      const read = readRecording(JSON.stringify(learnerRecording({ id: 1, name: "B", lastCall: lastCall as never })));
      expect(read.ok, JSON.stringify(lastCall)).toBe(true);
    }
  });
});

describe("the address of ?replay=", () => {
  const origin = "http://127.0.0.1:5000";
  test("is a file of this origin, never another origin, the API or MCP", () => {
    expect(recordingAddress("/recordings/a.mcp-session.json", origin).href).toBe(`${origin}/recordings/a.mcp-session.json`);
    expect(() => recordingAddress("https://example.com/a.json", origin)).toThrow(/only be opened from this playground/);
    expect(() => recordingAddress("//example.com/a.json", origin)).toThrow(/only be opened from this playground/);
    expect(() => recordingAddress("/api/lessons", origin)).toThrow(/not an API or MCP/);
    expect(() => recordingAddress("/mcp/abc", origin)).toThrow(/not an API or MCP/);
  });
});
