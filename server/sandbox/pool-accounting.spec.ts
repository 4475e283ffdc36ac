// The pool counts sandbox memory as VMs come, grow, are imaged and go (what SANDBOX_TOTAL_MB is checked against).
// Told by what the pool admits: however VMs went (closed, crashed, lost with a worker, their images given up), the
// room they took comes back, and VMs that hold memory leave less room while they are open.
import { afterAll, beforeAll, expect, test } from "vitest";
import { compileProject, type CompiledProject } from "../compile/compile";
import { sandboxPlainFrom } from "../config";
import { callTool, loadProject } from "../project/project-vm";
import { helpDesk } from "../testing/fixtures";
import { SandboxPool, VM_ESTIMATE_BYTES } from "./pool";

const LIMITS = { callTimeoutMs: 2000, loadTimeoutMs: 4000, memoryMB: 32 };
/** Room for this many VMs at the pool's estimate of a VM not yet measured. */
const ROOM = 6;
const ASSIGN = { name: "assign_ticket", args: { id: "T-1", agent: "ana" }, answers: [], client: { form: true, url: true } };

let pool: SandboxPool;
let project: CompiledProject;
beforeAll(async () => {
  pool = await SandboxPool.start({
    workers: 2,
    memoryMB: 32,
    stackBytes: 512 * 1024,
    // Long enough that a slow machine's JSON.stringify below crashes on its own before the watchdog replaces the worker.
    watchdogGraceMs: 20_000,
    totalMB: (ROOM * VM_ESTIMATE_BYTES) / 2 ** 20,
    plain: sandboxPlainFrom(),
  });
  const compiled = await compileProject(helpDesk());
  if (!compiled.ok) throw new Error("the help desk does not compile");
  project = compiled.project;
});
afterAll(() => pool.close());

/** How many more VMs the pool admits now (opened in one go, as sessions resuming together are), closed again after. */
async function room(): Promise<number> {
  const opened = await Promise.allSettled(Array.from({ length: ROOM + 2 }, () => pool.open()));
  for (const o of opened) if (o.status === "rejected") expect(String(o.reason)).toMatch(/at their memory limit .*try again in a minute/);
  const admitted = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  await Promise.all(admitted.map((vm) => vm.close()));
  return admitted.length;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(condition()).toBe(true);
}

test("the room VMs took comes back however they went: closed, lost with their worker, their images given up", async () => {
  expect(await room()).toBe(ROOM);
  const vms = await Promise.all([pool.open({ keepState: true }), pool.open({ keepState: true }), pool.open({ hostBridge: true }), pool.open()]);
  await Promise.all(vms.map((vm) => loadProject(vm, project, LIMITS)));
  for (const vm of vms) await callTool(vm, ASSIGN, LIMITS);
  // The two session VMs are imaged once quiet: with their images they leave less room than the VMs alone.
  await until(() => pool.images.count === 2);
  const withImages = await room();
  expect(withImages).toBeLessThan(ROOM);
  pool.dropImage(vms[0]);
  await vms[2].close();
  // A VM lost with its worker gives its room back, image and all.
  pool.lost(vms[1].id);
  await vms[3].close();
  await vms[0].close();
  expect(pool.images.count).toBe(0);
  expect(await room()).toBe(ROOM);
});

test("a VM whose code crashed gives its room back, and its owner is told it is lost (a session then reloads its build)", async () => {
  const nest = `import { Tool, ToolContext } from "@frontmcp/sdk";
@Tool({ name: "nest", inputSchema: {} })
export class Nest extends ToolContext {
  async execute() {
    let o: any = {};
    for (let i = 0; i < 200000; i++) o = { a: o };
    return { length: JSON.stringify(o).length };
  }
}
`;
  const compiled = await compileProject(helpDesk({ "nest.tool.ts": nest }));
  if (!compiled.ok) throw new Error("the nesting project does not compile");
  const bystander = await pool.open();
  await loadProject(bystander, project, LIMITS);
  const besideBystander = await room();
  const crashing = await pool.open();
  await loadProject(crashing, compiled.project, LIMITS);
  let lost = 0;
  crashing.onLost = () => lost++;
  const { outcome } = await callTool(crashing, { name: "nest", args: {}, answers: [], client: { form: true, url: true } }, LIMITS);
  expect(JSON.stringify(outcome)).toMatch(/will be reset/);
  expect(lost).toBe(1);
  expect(crashing.closed).toBe(true);
  expect(await room()).toBe(besideBystander);
  await crashing.close();
  await bystander.close();
  expect(await room()).toBe(ROOM);
});

test("opens that start together are admitted against each other: past SANDBOX_TOTAL_MB the rest are refused at open", async () => {
  // In one tick, as sessions awaiting one shared compile resume together.
  expect(await room()).toBe(ROOM);
});

test("past SANDBOX_TOTAL_MB only the VM that grew is given up: a neighbour whose reply did not grow keeps its state", async () => {
  const learner = await pool.open({ keepState: true });
  await loadProject(learner, project, LIMITS);
  await callTool(learner, ASSIGN, LIMITS);
  const hog = await pool.open();
  await loadProject(hog, project, LIMITS);
  const learnerBytes = learner.memoryBytes ?? 0;
  expect(learnerBytes).toBeGreaterThan(0);
  // The hog's reply says it grew past everything; the learner's reply, in the same moment, says it stayed the size it was.
  const [hogAnswer, learnerAnswer] = await Promise.all([pool.measured(hog.id, ROOM * VM_ESTIMATE_BYTES), pool.measured(learner.id, learnerBytes)]);
  expect(hogAnswer).toMatch(/at their memory limit .*grown to/);
  expect(hog.closed).toBe(true);
  expect(learnerAnswer).toBeUndefined();
  expect(learner.closed).toBe(false);
  const { outcome } = await callTool(learner, ASSIGN, LIMITS);
  expect(JSON.stringify(outcome)).toContain("ana");
  await learner.close();
  expect(await room()).toBe(ROOM);
});
