// Share links carry the whole project in the URL hash; a malformed or foreign hash is "no shared project".
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { decodeShareHash, writeShareHash } from "./share-link";

let replaced: string[];
beforeEach(() => {
  replaced = [];
  const location = { href: "http://127.0.0.1:5173/?lesson=02#old" };
  vi.stubGlobal("location", location);
  vi.stubGlobal("history", { state: null, replaceState: (_s: unknown, _t: string, url: URL) => (replaced.push(String(url)), (location.href = String(url))) });
});
afterEach(() => vi.unstubAllGlobals());

const project = { lessonId: "03-asking-for-a-missing-detail", files: { "assign-ticket.tool.ts": "// Zoë's edit ✓\n".repeat(50), "store.ts": "export {};\n" } };

describe("share links", () => {
  test("a written link decodes to the same lesson and files, and replaces the URL without a history entry", async () => {
    const url = await writeShareHash(project);
    expect(replaced).toEqual([url]);
    const hash = new URL(url).hash;
    expect(hash).toMatch(/^#project=[A-Za-z0-9_-]+$/);
    expect(url.startsWith("http://127.0.0.1:5173/?lesson=02#project=")).toBe(true);
    expect(await decodeShareHash(hash)).toEqual(project);
    // Deflated: the repeated text makes the link far shorter than the JSON.
    expect(hash.length).toBeLessThan(JSON.stringify(project).length / 3);
  });

  test("anything malformed is no shared project, never an error", async () => {
    const good = new URL(await writeShareHash(project)).hash;
    for (const hash of ["", "#", "#other=1", "#project=", "#project=!!!", "#project=AAAA", good.slice(0, -6)])
      expect(await decodeShareHash(hash), hash).toBeUndefined();
  });

  test("a link of another version, or files that are not a project, is refused", async () => {
    const encodeRaw = async (body: unknown) => {
      const stream = new Blob([JSON.stringify(body)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
      const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
      return `#project=${Buffer.from(bytes).toString("base64url")}`;
    };
    expect(await decodeShareHash(await encodeRaw({ v: 1, lesson: "x", files: { "a.ts": "" } }))).toEqual({ lessonId: "x", files: { "a.ts": "" } });
    expect(await decodeShareHash(await encodeRaw({ v: 2, lesson: "x", files: { "a.ts": "" } }))).toBeUndefined();
    expect(await decodeShareHash(await encodeRaw({ v: 1, lesson: 7, files: { "a.ts": "" } }))).toBeUndefined();
    expect(await decodeShareHash(await encodeRaw({ v: 1, lesson: "x", files: { "a.ts": 1 } }))).toBeUndefined();
  });
});
