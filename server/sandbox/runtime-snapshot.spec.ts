// The runtime a worker snapshots is evaluated from bytecode without its source (worker.ts evalRuntime): every VM
// restored from that snapshot copies, compares and faults in its whole linear memory, so its size is what a VM costs.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../app";
import { createSession, rawModern, startTestPlayground } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ workers: 1 });
});
afterAll(() => pg.close());

const PROBE = {
  "probe.tool.ts": `import { Tool, ToolContext, z } from "@frontmcp/sdk";
function own() {
  return "the learner's own source";
}

@Tool({ name: "probe", inputSchema: {} })
export class ProbeTool extends ToolContext {
  async execute() {
    return { runtime: String(z.string), own: String(own) };
  }
}
`,
};

test("a session VM starts at about 3.5 MB of linear memory (5.5 MB with its runtime parsed in place), and answers as before", async () => {
  const s = await createSession(pg, PROBE);
  const r = await rawModern(s.mcpUrl, 1, "tools/call", { name: "probe", arguments: {} });
  const session = pg.registry.get(s.id) as unknown as { live: { vm: { memoryBytes?: number } } };
  const bytes = session.live.vm.memoryBytes ?? 0;
  console.log(`session VM after its load and one call: ${(bytes / 2 ** 20).toFixed(2)} MB of linear memory`);
  expect(bytes).toBeGreaterThan(0);
  expect(bytes).toBeLessThan(4.5 * 2 ** 20);
  // The runtime's functions print as built-ins do; the learner's code keeps its source.
  expect(r.body.result.structuredContent.runtime).toMatch(/\[native code\]/);
  expect(r.body.result.structuredContent.own).toContain("the learner's own source");
});
