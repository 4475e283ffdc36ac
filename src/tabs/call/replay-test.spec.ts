import { describe, expect, test } from "vitest";
import type { FinishedCall } from "./call-store";
import { cannotReplay, replayFileName, replayTest } from "./replay-test";

const finished = (over: Partial<FinishedCall> = {}): FinishedCall =>
  ({
    kind: "result",
    result: { content: [{ type: "text", text: '{"id":"T-1","closed":true}' }], structuredContent: { id: "T-1", closed: true } },
    rounds: 2,
    answers: [
      {
        question: { key: "elicitation-1", round: 1, via: "input_required", mode: "form", message: 'Close T-1 "Cannot log in"?' },
        answer: { action: "accept", content: { confirm: true } },
      },
    ],
    seq: 1,
    tool: "close_ticket",
    persona: "modern",
    args: { id: "T-1" },
    at: Date.UTC(2026, 6, 28, 10, 30),
    ...over,
  }) as FinishedCall;

describe("replayTest", () => {
  test("answers as the person did and expects the result that came back", () => {
    const text = replayTest(finished());
    expect(text).toContain(`const client = mcp;`);
    expect(text).toContain(`"message": "Close T-1 \\"Cannot log in\\"?"`);
    expect(text).toContain(`"action": "accept"`);
    expect(text).toContain(`await client.tools.call("close_ticket", {\n    "id": "T-1"\n  });`);
    expect(text).toContain(`expect(asked).toEqual(answers.map((a) => a.message));`);
    expect(text).toContain(`expect(result.raw.structuredContent).toEqual({\n    "id": "T-1",\n    "closed": true\n  });`);
    expect(text).toContain(`expect(result.isError).toBe(false);`);
  });

  test("another persona becomes mcp.as(...) with the fixture's name; an RPC error expects its code", () => {
    const text = replayTest(
      finished({ kind: "rpc-error", code: -32021, message: "Missing capability", answers: [], persona: "modern-no-elicitation" } as Partial<FinishedCall>),
    );
    expect(text).toContain(`const client = mcp.as("modern-no-elicitation");`);
    expect(text).toContain(`expect(result.error?.code).toBe(-32021);`);
    expect(text).not.toContain("onElicitation");
  });

  test("a call as the client with URL mode replays as that same fixture client", () => {
    expect(replayTest(finished({ persona: "modern-with-url" }))).toContain(`const client = mcp.as("modern-with-url");`);
  });

  test("the generated file is valid TypeScript syntax for the sandbox's compiler", async () => {
    const { transform } = await import("esbuild");
    await expect(transform(replayTest(finished()), { loader: "ts" })).resolves.toBeDefined();
  });

  test("calls that cannot be replayed say why", () => {
    expect(cannotReplay(finished())).toBeUndefined();
    expect(cannotReplay(finished({ via: "sendElicitationResult" }))).toMatch(/sendElicitationResult/);
    expect(cannotReplay(finished({ kind: "failure", message: "x" } as Partial<FinishedCall>))).toBeDefined();
  });

  test("file names never overwrite an existing file", () => {
    expect(replayFileName("close_ticket", ["close-ticket.tool.ts"])).toBe("close-ticket.replay.test.ts");
    expect(replayFileName("close_ticket", ["close-ticket.replay.test.ts"])).toBe("close-ticket.replay-2.test.ts");
  });
});
