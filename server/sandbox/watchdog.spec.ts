// A worker that stops answering is replaced: its calls fail as crashed, and a session on it reloads its last build.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { createSession, rawModern, startTestPlayground } from "../testing/harness";
import { compileProject } from "../compile/compile";
import { loadProject } from "../project/project-vm";
import { SandboxError } from "./pool";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ workers: 1 });
});
afterAll(() => pg.close());

const SPIN = { "spin.tool.ts": 'import { Tool, ToolContext } from "@frontmcp/sdk";\n@Tool({ name: "spin", inputSchema: {} })\nexport class Spin extends ToolContext { async execute() { for (;;) {} } }\n' };

test("the watchdog restarts a stuck worker and the session answers again from its last good build", async () => {
  const session = await createSession(pg, helpDesk());
  // A VM on the same (only) worker, given a watchdog far shorter than its own time limit: to the pool it looks stuck.
  const compiled = await compileProject(SPIN);
  if (!compiled.ok) throw new Error("the spin project should compile");
  const vm = await pg.pool.open();
  await loadProject(vm, compiled.project, { callTimeoutMs: 1000, loadTimeoutMs: 1000, memoryMB: 64 });
  const stuck = vm.invoke("callTool", JSON.stringify({ name: "spin", args: {}, answers: [], client: { form: true, url: false } }), 5000, { watchdogMs: 50 });
  await expect(stuck).rejects.toSatisfy((e: unknown) => e instanceof SandboxError && e.kind === "crashed");
  const after = await rawModern(session.mcpUrl, 1, "tools/call", { name: "assign_ticket", arguments: { id: "T-1", agent: "ana" } });
  expect(after.body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
});
