// Drafts in localStorage: what is saved comes back, and what is not a draft of ours is ignored rather than trusted.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { clearAllDrafts, clearDraft, editedLessonIds, isProjectFiles, loadAside, loadDraft, saveAside, saveDraft, sameFiles } from "./drafts";

/** A Storage backed by a Map, as the browser's behaves for these calls; `full` makes setItem throw like a full quota. */
function memoryStorage() {
  const map = new Map<string, string>();
  const storage = {
    full: false,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (storage.full) throw new DOMException("quota", "QuotaExceededError");
      map.set(k, String(v));
    },
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
  return storage;
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal("localStorage", storage);
});
afterEach(() => vi.unstubAllGlobals());

const files = { "store.ts": "export const a = 1;\n", "close-ticket.tool.ts": "// tool\n" };

describe("drafts", () => {
  test("a saved draft comes back for its lesson only, and clearing removes it", () => {
    expect(saveDraft("02-asking-with-elicit", files)).toBe(true);
    expect(loadDraft("02-asking-with-elicit")).toEqual(files);
    expect(loadDraft("03-asking-for-a-missing-detail")).toBeUndefined();
    expect(editedLessonIds()).toEqual(new Set(["02-asking-with-elicit"]));
    clearDraft("02-asking-with-elicit");
    expect(loadDraft("02-asking-with-elicit")).toBeUndefined();
    expect(editedLessonIds()).toEqual(new Set());
  });

  test("a hand-edited, outdated or foreign entry is ignored, not trusted", () => {
    const key = "elicitation-playground:draft:02-asking-with-elicit";
    for (const raw of [
      "{not json",
      JSON.stringify({ v: 2, lessonId: "02-asking-with-elicit", files, savedAt: 1 }),
      JSON.stringify({ v: 1, lessonId: "c1-confirm-before-deleting", files, savedAt: 1 }),
      JSON.stringify({ v: 1, lessonId: "02-asking-with-elicit", files: { "a.ts": 3 }, savedAt: 1 }),
      JSON.stringify({ v: 1, lessonId: "02-asking-with-elicit", files: {}, savedAt: 1 }),
      JSON.stringify({ v: 1, lessonId: "02-asking-with-elicit", files }),
    ]) {
      storage.setItem(key, raw);
      expect(loadDraft("02-asking-with-elicit"), raw).toBeUndefined();
      expect(editedLessonIds(), raw).toEqual(new Set());
    }
  });

  test("a full storage keeps the work in memory: saving says false, nothing throws", () => {
    storage.full = true;
    expect(saveDraft("02-asking-with-elicit", files)).toBe(false);
    expect(saveAside("02-asking-with-elicit", files, "shared link")).toBe(false);
  });

  test("the copy kept aside has its own slot; reset all clears drafts and copies, nothing else", () => {
    saveDraft("02-asking-with-elicit", files);
    saveAside("02-asking-with-elicit", { ...files, "store.ts": "// shared\n" }, "the shared link");
    storage.setItem("elicitation-playground:theme", "dark");
    expect(loadAside("02-asking-with-elicit")).toMatchObject({ label: "the shared link", files: { "store.ts": "// shared\n" } });
    expect(loadDraft("02-asking-with-elicit")).toEqual(files);
    clearAllDrafts();
    expect(loadDraft("02-asking-with-elicit")).toBeUndefined();
    expect(loadAside("02-asking-with-elicit")).toBeUndefined();
    expect(storage.getItem("elicitation-playground:theme")).toBe("dark");
  });

  test("isProjectFiles and sameFiles", () => {
    expect(isProjectFiles(files)).toBe(true);
    for (const bad of [null, [], {}, { "": "x" }, { "a.ts": 1 }, "a"]) expect(isProjectFiles(bad), JSON.stringify(bad)).toBe(false);
    expect(sameFiles(files, { ...files })).toBe(true);
    expect(sameFiles(files, { ...files, "store.ts": "changed" })).toBe(false);
    expect(sameFiles(files, { ...files, "extra.ts": "" })).toBe(false);
    expect(sameFiles(undefined, files)).toBe(false);
  });
});
