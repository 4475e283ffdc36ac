// Every VM draws its own Math.random() sequence, though all are restored from a few snapshots and images: "random"
// ids differ across learners, sessions and resets, the seed is out of learner code's reach, and a load that drew
// randomness is not imaged (its values would repeat in every VM from the image).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { QuickJS } from "quickjs-wasi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { sandboxPlainFrom } from "../config";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, rawModern, startTestPlayground } from "../testing/harness";
import { drewRandom, locateRandomState, nextRandom, reseed } from "./randomness";

const require = createRequire(import.meta.url);
const wasm = await WebAssembly.compile(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm")));
const draw = (vm: QuickJS, code = "Math.random()") => vm.evalCode(code, "spec.js").consume((h) => h.toString());

describe("in the engine", () => {
  let snapshot: ReturnType<QuickJS["snapshot"]>;
  beforeAll(async () => {
    const vm = await QuickJS.create({ wasm });
    locateRandomState(vm);
    snapshot = vm.snapshot();
    vm.dispose();
  });
  const restored = () => QuickJS.restore(snapshot, { wasm });

  test("two restores of one snapshot draw the same sequence unless each is reseeded", async () => {
    const [a, b] = [await restored(), await restored()];
    expect(draw(a)).toBe(draw(b));
    reseed(a);
    reseed(b);
    expect(draw(a)).not.toBe(draw(b));
    a.dispose();
    b.dispose();
  });

  test("the state is QuickJS's xorshift64*: a seed gives the draws it predicts", async () => {
    const vm = await restored();
    const seed = reseed(vm);
    let state = seed;
    for (let n = 0; n < 5; n++) {
      const next = nextRandom(state);
      expect(Number(draw(vm))).toBe(next.value);
      state = next.state;
    }
    vm.dispose();
  });

  test("a draw is seen even through the original function after the global was replaced", async () => {
    const vm = await restored();
    const seed = reseed(vm);
    draw(vm, "globalThis.saved = Math.random; Math.random = () => 0.5; Math.random()");
    expect(drewRandom(vm, seed)).toBe(false);
    draw(vm, "saved()");
    expect(drewRandom(vm, seed)).toBe(true);
    vm.dispose();
  });

  test("learner code finds no seed: reseeding adds nothing to the VM's JS world", async () => {
    const world = "JSON.stringify([Object.getOwnPropertyNames(globalThis).sort(), Object.getOwnPropertyNames(Math).sort(), String(Math.random)])";
    const [plain, seeded] = [await restored(), await restored()];
    reseed(seeded);
    expect(draw(seeded, world)).toBe(draw(plain, world));
    expect(draw(seeded, "String(Math.random)")).toContain("[native code]");
    plain.dispose();
    seeded.dispose();
  });
});

const tool = (name: string, body: string) => `import { Tool, ToolContext, z } from "@frontmcp/sdk";
@Tool({ name: "${name}", inputSchema: {} })
export class T_${name} extends ToolContext {
  async execute() {
${body}
  }
}
`;

describe("FrontMCP sessions", () => {
  let pg: Playground;
  // One worker: every session of the same files is built from that worker's image of their load.
  beforeAll(async () => {
    pg = await startTestPlayground({ workers: 1 });
  });
  afterAll(() => pg?.close());

  const FILES = {
    "roll.tool.ts": tool("roll", "    return { roll: Math.random(), atLoad };").replace("@Tool", "const atLoad: number | null = null;\n@Tool"),
  };
  const DRAWS_AT_LOAD = { "roll.tool.ts": FILES["roll.tool.ts"].replace("= null;", "= Math.random();") };
  const roll = async (mcpUrl: string, id = 1) =>
    (await rawModern(mcpUrl, id, "tools/call", { name: "roll", arguments: {} })).body.result.structuredContent as { roll: number; atLoad: number | null };
  const imageHits = async () => (await pg.pool.stats()).loadImages.hits;
  /** Loads answered from an image since `before`: at least `dense` on the dense sandbox, none on the plain one (it keeps none). */
  const expectImageHits = async (before: number, dense: number) => {
    const hits = (await imageHits()) - before;
    if (sandboxPlainFrom()) expect(hits).toBe(0);
    else expect(hits).toBeGreaterThanOrEqual(dense);
  };

  test("sessions of the same files, from the same load image, draw different first values", async () => {
    const hits = await imageHits();
    const sessions = [];
    for (let n = 0; n < 4; n++) sessions.push(await createSession(pg, helpDesk(FILES)));
    const firsts = [];
    for (const s of sessions) firsts.push((await roll(s.mcpUrl)).roll);
    await expectImageHits(hits, 2);
    expect(new Set(firsts).size).toBe(firsts.length);
  });

  test("a reset session draws differently from before", async () => {
    const s = await createSession(pg, helpDesk(FILES));
    const before = [(await roll(s.mcpUrl, 1)).roll, (await roll(s.mcpUrl, 2)).roll];
    expect((await api(pg, "POST", `/api/sessions/${s.id}/reset`)).status).toBe(200);
    const after = [(await roll(s.mcpUrl, 3)).roll, (await roll(s.mcpUrl, 4)).roll];
    expect(after[0]).not.toBe(before[0]);
    expect(after).not.toEqual(before);
  });

  test("a load that draws randomness is not imaged: each session has its own value from the load", async () => {
    const hits = await imageHits();
    const atLoad = [];
    for (let n = 0; n < 3; n++) atLoad.push((await roll((await createSession(pg, helpDesk(DRAWS_AT_LOAD))).mcpUrl)).atLoad);
    expect(new Set(atLoad).size).toBe(3);
    expect(await imageHits()).toBe(hits);
  });
});
