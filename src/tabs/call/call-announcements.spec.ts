import { describe, expect, test } from "vitest";
import { outcomeAnnouncement, questionAnnouncement } from "./call-announcements";
import type { FinishedCall } from "./call-store";

const base = { answers: [], seq: 1, tool: "close_ticket", persona: "modern" as const, args: {}, at: 0 };

describe("what a screen reader hears from the Call tab", () => {
  test("a form waiting for an answer says the tool's question and how to answer", () => {
    const form = questionAnnouncement({ key: "elicitation-1", round: 1, via: "input_required", mode: "form", message: "Close T-1?" });
    expect(form).toBe("The tool asks: Close T-1? The form is waiting for your answer: Accept, Decline or Cancel (Escape).");
    const url = questionAnnouncement({ key: "e", round: 1, via: "input_required", mode: "url", message: "Pay here", url: "https://x" });
    expect(url).toContain("open a link");
  });

  test("a result says the tool and its text, cut to a gist; isError says so", () => {
    const done = { ...base, kind: "result", rounds: 1, result: { content: [{ type: "text", text: "Closed T-1." }] } } as FinishedCall;
    expect(outcomeAnnouncement(done)).toBe("The call of close_ticket finished: Closed T-1.");
    const failed = { ...base, kind: "result", rounds: 1, result: { isError: true, content: [{ type: "text", text: "x".repeat(500) }] } } as FinishedCall;
    const said = outcomeAnnouncement(failed)!;
    expect(said).toMatch(/^The call of close_ticket finished with an error result \(isError\): x+…$/);
    expect(said.length).toBeLessThan(300);
    expect(outcomeAnnouncement({ ...base, kind: "result", rounds: 1, result: { content: [] } } as FinishedCall)).toBe("The call of close_ticket finished.");
  });

  test("a JSON-RPC error or a failed call is left to its own alert box", () => {
    expect(outcomeAnnouncement({ ...base, kind: "rpc-error", code: -32602, message: "bad" } as FinishedCall)).toBeUndefined();
    expect(outcomeAnnouncement({ ...base, kind: "failure", message: "down" } as FinishedCall)).toBeUndefined();
  });
});
