import { describe, expect, test } from "vitest";
import { diffLines, diffProject, withContext } from "./line-diff";

const signs = (before: string, after: string) => diffLines(before, after).map((l) => `${l.kind === "same" ? " " : l.kind === "added" ? "+" : "-"}${l.text}`);

describe("line diff against the starter", () => {
  test("an inserted line, a removed one and a changed one", () => {
    expect(signs("a\nb\nc", "a\nx\nc\nd")).toEqual([" a", "-b", "+x", " c", "+d"]);
    expect(signs("a\nb", "a\nb")).toEqual([" a", " b"]);
  });

  test("line numbers follow each side", () => {
    const lines = diffLines("one\ntwo", "zero\none\ntwo");
    expect(lines[0]).toMatchObject({ kind: "added", newLine: 1 });
    expect(lines[1]).toMatchObject({ kind: "same", oldLine: 1, newLine: 2 });
  });

  test("files added by the learner, files removed, files unchanged", () => {
    const d = diffProject({ "a.ts": "x", "b.ts": "y" }, { "a.ts": "x", "c.test.ts": "t" });
    expect(d.map((f) => [f.path, f.status])).toEqual([
      ["a.ts", "same"],
      ["b.ts", "removed"],
      ["c.test.ts", "added"],
    ]);
  });

  test("long unchanged runs fold, keeping context around changes", () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i}`).join("\n");
    const after = before.replace("l10", "L10");
    const shown = withContext(diffLines(before, after), 2);
    expect(shown[0]).toEqual({ kind: "fold", count: 8 });
    expect(shown.filter((l) => l.kind !== "fold").map((l) => (l as { text: string }).text)).toEqual(["l8", "l9", "l10", "L10", "l11", "l12"]);
    expect(shown[shown.length - 1]).toEqual({ kind: "fold", count: 7 });
  });
});
