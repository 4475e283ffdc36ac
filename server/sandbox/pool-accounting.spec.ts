// The pool's count of sandbox memory (what SANDBOX_TOTAL_MB is checked against) is a running total: it must equal
// the sum over the VMs it holds at every point, and come back to nothing once they are gone, however they went.
import { afterAll, beforeAll, expect, test } from "vitest";
import { compileProject, type CompiledProject } from "../compile/compile";
import { callTool, loadProject } from "../project/project-vm";
import { helpDesk } from "../testing/fixtures";
import { SandboxPool, type SandboxVm } from "./pool";

const LIMITS = { callTimeoutMs: 2000, loadTimeoutMs: 4000, memoryMB: 32 };
const ESTIMATE = 8 * 2 ** 20;

let pool: SandboxPool;
let project: CompiledProject;
beforeAll(async () => {
  pool = await SandboxPool.start({ workers: 2, memoryMB: 32, stackBytes: 512 * 1024, watchdogGraceMs: 2000 });
  const compiled = await compileProject(helpDesk());
  if (!compiled.ok) throw new Error("the help desk does not compile");
  project = compiled.project;
});
afterAll(() => pool.close());

/** The sum the running total stands for, from the VMs as the test sees them. */
const summed = (vms: SandboxVm<"frontmcp">[]) =>
  vms.filter((vm) => !vm.closed).reduce((sum, vm) => sum + (vm.memoryBytes ?? ESTIMATE) + (vm.image?.snapshot.memory.byteLength ?? 0), 0);

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(condition()).toBe(true);
}

test("the count follows VMs as they open, load, answer, are imaged, give up images and close", async () => {
  expect(pool.usedBytes()).toBe(0);
  const vms = await Promise.all([pool.open({ keepState: true }), pool.open({ keepState: true }), pool.open({ hostBridge: true }), pool.open()]);
  expect(pool.usedBytes()).toBe(summed(vms));
  await Promise.all(vms.map((vm) => loadProject(vm, project, LIMITS)));
  for (const vm of vms)
    await callTool(vm, { name: "assign_ticket", args: { id: "T-1", agent: "ana" }, answers: [], client: { form: true, url: true } }, LIMITS);
  expect(pool.usedBytes()).toBe(summed(vms));
  // The two session VMs are imaged once quiet.
  await until(() => pool.images.count === 2);
  expect(pool.usedBytes()).toBe(summed(vms));
  expect(pool.usedBytes()).toBeGreaterThan(vms.reduce((sum, vm) => sum + (vm.memoryBytes ?? 0), 0));
  pool.dropImage(vms[0]);
  expect(pool.usedBytes()).toBe(summed(vms));
  await vms[2].close();
  expect(pool.usedBytes()).toBe(summed(vms));
  // A VM lost with its worker leaves the count too, image and all.
  expect(vms[1].image).toBeDefined();
  pool.lost(vms[1].id);
  expect(pool.usedBytes()).toBe(summed(vms));
  await vms[3].close();
  await vms[0].close();
  expect(pool.images.count).toBe(0);
  expect(pool.usedBytes()).toBe(0);
});

test("a VM whose code crashed leaves the count, and its owner is told it is lost (a session then reloads its build)", async () => {
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
  const [bystander, crashing] = await Promise.all([pool.open(), pool.open()]);
  await Promise.all([loadProject(bystander, project, LIMITS), loadProject(crashing, compiled.project, LIMITS)]);
  let lost = 0;
  crashing.onLost = () => lost++;
  const { outcome } = await callTool(crashing, { name: "nest", args: {}, answers: [], client: { form: true, url: true } }, LIMITS);
  expect(JSON.stringify(outcome)).toMatch(/will be reset/);
  expect(lost).toBe(1);
  expect(crashing.closed).toBe(true);
  expect(pool.usedBytes()).toBe(summed([bystander]));
  await crashing.close();
  await bystander.close();
  expect(pool.usedBytes()).toBe(0);
});

test("opens that start together are admitted against each other: past SANDBOX_TOTAL_MB the rest are refused at open", async () => {
  // Room for three VMs at the pool's estimate, and no idle session to close for more.
  const small = await SandboxPool.start({ workers: 1, memoryMB: 32, stackBytes: 512 * 1024, watchdogGraceMs: 2000, totalMB: (3 * ESTIMATE) / 2 ** 20 });
  try {
    // In one tick, as sessions awaiting one shared compile resume together.
    const opened = await Promise.allSettled(Array.from({ length: 6 }, () => small.open()));
    const admitted = opened.filter((o) => o.status === "fulfilled");
    expect(admitted).toHaveLength(3);
    for (const o of opened) if (o.status === "rejected") expect(String(o.reason)).toMatch(/at their memory limit .*try again in a minute/);
    expect(small.usedBytes()).toBe(3 * ESTIMATE);
  } finally {
    await small.close();
  }
});
