// Images of loaded VMs (load-cache.ts): a load that repeats is answered from an image taken just after the same load
// ran before, and the VM behaves exactly as one loaded from scratch: fresh module state, its host bridge, entry
// points that learner code cannot replace.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { sandboxPlainFrom } from "../config";
import { getLesson } from "../lessons/catalog";
import { api, createSession, modernClient, startTestPlayground } from "../testing/harness";
import { LoadCache, loadKey } from "./load-cache";

describe("LoadCache", () => {
  const image = (bytes: number) => ({ snapshot: {}, entries: [], json: "{}", bytes });

  test("a load is worth an image from its second sighting on", () => {
    const cache = new LoadCache<object>(100);
    expect(cache.worthImaging("a")).toBe(false);
    expect(cache.worthImaging("a")).toBe(true);
    expect(cache.worthImaging("b")).toBe(false);
  });

  test("images stay under the byte cap, least recently used going first; none at all with a cap of 0", () => {
    const cache = new LoadCache<object>(100);
    cache.put("a", image(40));
    cache.put("b", image(40));
    expect(cache.take("a")).toBeDefined();
    cache.put("c", image(40));
    expect(cache.take("b")).toBeUndefined();
    expect(cache.take("a")).toBeDefined();
    expect(cache.take("c")).toBeDefined();
    cache.put("huge", image(101));
    expect(cache.take("huge")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 3, misses: 2, bytes: 80 });
    const off = new LoadCache<object>(0);
    off.worthImaging("a");
    expect(off.worthImaging("a")).toBe(false);
  });

  test("the key changes with any file, its kind, or the load request", () => {
    const files = [{ file: "a.ts", code: "1" }];
    const key = loadKey("frontmcp", files, "{}");
    expect(loadKey("frontmcp", [{ file: "a.ts", code: "2" }], "{}")).not.toBe(key);
    expect(loadKey("frontmcp", [{ file: "b.ts", code: "1" }], "{}")).not.toBe(key);
    expect(loadKey("frontmcp+host", files, "{}")).not.toBe(key);
    expect(loadKey("frontmcp", files, '{"role":"tests"}')).not.toBe(key);
    expect(loadKey("frontmcp", files, "{}")).toBe(key);
  });
});

const COUNTER = {
  "counter.tool.ts": `import { Tool, ToolContext, z } from "@frontmcp/sdk";
let calls = 0;

@Tool({ name: "count", inputSchema: {} })
export class CountTool extends ToolContext {
  async execute() {
    calls++;
    return { calls };
  }
}

@Tool({ name: "ask", inputSchema: {} })
export class AskTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("Really?", z.object({ yes: z.boolean() }));
    return { yes: answer.status === "accept" && answer.content!.yes };
  }
}
`,
  "counter.test.ts": `import { expect, test } from "@frontmcp/testing";

test("each file's server starts from zero, and answers reach the test", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { yes: true } }));
  expect((await mcp.tools.call("count", {})).json()).toEqual({ calls: 1 });
  expect((await mcp.tools.call("count", {})).json()).toEqual({ calls: 2 });
  expect((await mcp.tools.call("ask", {})).json()).toEqual({ yes: true });
});
`,
};

let pg: Playground;
beforeAll(async () => {
  // One worker, so every repeat lands where the image is.
  pg = await startTestPlayground({ workers: 1 });
});
afterAll(() => pg?.close());

const imageHits = async () => (await pg.pool.stats()).loadImages.hits;
/** Loads answered from an image since `before`: at least `dense` on the dense sandbox, none on the plain one (it keeps none). */
const expectImageHits = async (before: number, dense: number) => {
  const hits = (await imageHits()) - before;
  if (sandboxPlainFrom()) expect(hits).toBe(0);
  else expect(hits).toBeGreaterThanOrEqual(dense);
};

describe("VMs restored from a load image", () => {
  test("test runs from images: fresh module state for each file's server, the fixture and its answers work", async () => {
    const before = await imageHits();
    for (let run = 0; run < 3; run++) {
      const session = await createSession(pg, COUNTER);
      const report = (await api(pg, "POST", `/api/sessions/${session.id}/tests`, {})).json;
      expect(report, JSON.stringify(report)).toMatchObject({ passed: 1, failed: 0 });
    }
    // The third run's server and test VMs, and the third session's VM, came from images.
    await expectImageHits(before, 3);
  });

  test("sessions with the same files each get their own module state", async () => {
    const before = await imageHits();
    const toolCallsBefore = (await pg.pool.stats()).invoked.callTool ?? 0;
    const counts = [];
    for (let i = 0; i < 3; i++) {
      const session = await createSession(pg, COUNTER);
      const client = await modernClient(session.mcpUrl, {});
      counts.push([
        (await client.callTool({ name: "count", arguments: {} })).structuredContent,
        (await client.callTool({ name: "count", arguments: {} })).structuredContent,
      ]);
      await client.close();
    }
    await expectImageHits(before, 1);
    expect(counts).toEqual(Array.from({ length: 3 }, () => [{ calls: 1 }, { calls: 2 }]));
    // The pool counts the entries it invoked, as bench/workshop.mjs reads them: one callTool a tool call.
    expect((await pg.pool.stats()).invoked.callTool - toolCallsBefore).toBe(6);
  });

  test("learner code replacing __playground.runTest still changes no check result when the VMs come from images", async () => {
    const starter = (await getLesson("c1-confirm-before-deleting"))!.files;
    const forged = {
      ...starter,
      "forge.ts": `const playground = (globalThis as any).__playground;
const runTest = playground.runTest;
playground.runTest = async (json: string) => ({ ...JSON.parse(await runTest(json)), status: "passed" });
export {};
`,
    };
    const before = await imageHits();
    const reports = [];
    for (let run = 0; run < 3; run++) reports.push((await api(pg, "POST", "/api/challenges/c1-confirm-before-deleting/check", { files: forged })).json);
    await expectImageHits(before, 2);
    for (const report of reports) {
      expect(report.passed).toBe(false);
      expect(report.checks.map((c: { passed: boolean }) => c.passed)).toEqual(reports[0].checks.map((c: { passed: boolean }) => c.passed));
    }
  });
});
