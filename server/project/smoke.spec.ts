import { afterAll, beforeAll, expect, test } from "vitest";
import { compileProject } from "../compile/compile";
import { SandboxPool } from "../sandbox/pool";
import { callTool, loadProject } from "./project-vm";

let pool: SandboxPool;
beforeAll(async () => { pool = await SandboxPool.start({ workers: 2, memoryMB: 64, stackBytes: 512 * 1024, watchdogGraceMs: 1000 }); });
afterAll(() => pool.close());
const limits = { callTimeoutMs: 1000, loadTimeoutMs: 2000, memoryMB: 64 };

test("smoke", async () => {
  const c = await compileProject({
    "store.ts": `export const tickets = new Map([["T-1", { id: "T-1", title: "Cannot log in", status: "open" }]]);`,
    "close.tool.ts": `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";
@Tool({ name: "close_ticket", inputSchema: { id: z.string() }, annotations: { destructiveHint: true } })
export class CloseTicket extends ToolContext {
  async execute({ id }: { id: string }) {
    const t = tickets.get(id);
    if (!t) this.fail("no such ticket");
    const answer = await this.elicit("Close " + id + "?", z.object({ confirm: z.boolean().describe("Tick to close") }));
    if (answer.status !== "accept" || !answer.content?.confirm) return { id, closed: false, reason: answer.status };
    t!.status = "closed";
    return { id, closed: true };
  }
}`,
  });
  if (!c.ok) throw new Error(JSON.stringify(c.diagnostics));
  const vm = await pool.open();
  const loaded = await loadProject(vm, c.project, limits);
  console.log(JSON.stringify(loaded));
  const r1 = await callTool(vm, { name: "close_ticket", args: { id: "T-1" }, answers: [], client: { form: true, url: false } }, limits);
  console.log(JSON.stringify(r1));
  const r2 = await callTool(vm, { name: "close_ticket", args: { id: "T-1" }, answers: [{ action: "accept", content: { confirm: true } }], client: { form: true, url: false } }, limits);
  console.log(JSON.stringify(r2));
  const r3 = await callTool(vm, { name: "close_ticket", args: { id: "T-1" }, answers: [{ action: "accept", content: { confirm: "yes" } }], client: { form: true, url: false } }, limits);
  console.log(JSON.stringify(r3));
  expect(r2.outcome.kind).toBe("result");
});
