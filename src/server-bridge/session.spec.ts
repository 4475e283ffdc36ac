// The session keeper against a real server: when the files are replaced wholesale (another lesson opened), the tools
// of the old files are not offered while the new ones build, so Call cannot reach the old lesson's tool; an edit
// keeps its tools listed while it syncs.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import type { Playground } from "../../server/app";
import { startTestPlayground } from "../../server/testing/harness";
import { sessionKeeper } from "./session";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({});
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (path: string, init?: RequestInit) => realFetch(path.startsWith("/") ? pg.url + path : path, init));
  vi.stubGlobal("location", new URL(`${pg.url}/`));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await pg.close();
});

const starter = async (id: string) => ((await (await fetch(`/api/lessons/${id}`)).json()) as { files: Record<string, string> }).files;
/** The tool names of every state the keeper passes through while `work` runs. */
async function toolsSeen(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const stop = sessionKeeper.subscribe(() => {
    const s = sessionKeeper.snapshot();
    seen.push(`${s.status}: ${s.tools.map((t) => t.name).join(",")}`);
  });
  await work();
  stop();
  return seen;
}

test("another lesson's files list no tools until their server answers; an edit keeps its tools while it syncs", async () => {
  const lesson1 = await starter("01-acts-without-asking");
  expect((await sessionKeeper.sync(lesson1, "01-acts-without-asking", true)).tools.map((t) => t.name)).toContain("close_ticket");

  const challenge = await starter("c1-confirm-before-deleting");
  const opening = await toolsSeen(() => sessionKeeper.sync(challenge, "c1-confirm-before-deleting", true));
  expect(opening[0]).toBe("syncing: ");
  expect(opening.at(-1)).toMatch(/^ready: .*delete_ticket/);
  expect(opening.some((s) => s.includes("close_ticket"))).toBe(false);

  const edited = { ...challenge, "note.ts": "export const note = 1;\n" };
  const editing = await toolsSeen(() => sessionKeeper.sync(edited));
  expect(editing[0]).toMatch(/^syncing: .*delete_ticket/);
});
