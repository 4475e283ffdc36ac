// The bounded tables keep exactly the newest `max` entries, in order: each test names which key must go and which
// must stay, so a trim of the wrong end, one too early (at the bound rather than past it) or none at all fails.
import { describe, expect, test } from "vitest";
import { forgetOldest, setAsNewest, setBounded } from "./bounded-table";

const filled = (keys: string[]) => new Map(keys.map((k, i) => [k, i]));

describe("setBounded", () => {
  test("holds up to the bound, then forgets the oldest entry, one for each new key", () => {
    const table = new Map<string, number>();
    for (const [i, key] of ["a", "b", "c"].entries()) setBounded(table, key, i, 3);
    expect([...table.keys()]).toEqual(["a", "b", "c"]);
    setBounded(table, "d", 3, 3);
    expect([...table.entries()]).toEqual([
      ["b", 1],
      ["c", 2],
      ["d", 3],
    ]);
    setBounded(table, "e", 4, 3);
    expect([...table.keys()]).toEqual(["c", "d", "e"]);
  });

  test("a bound of 1 keeps the last key set; a bound of 0 keeps nothing", () => {
    const one = new Map<string, number>();
    setBounded(one, "a", 0, 1);
    setBounded(one, "b", 1, 1);
    expect([...one.entries()]).toEqual([["b", 1]]);
    const none = new Map<string, number>();
    setBounded(none, "a", 0, 0);
    expect(none.size).toBe(0);
  });
});

// A key set again: setBounded leaves it in its place, setAsNewest moves it to the end; neither forgets anything for it.
describe.each([
  { set: setBounded, order: ["a", "b", "c"], afterNew: ["b", "c", "d"] },
  { set: setAsNewest, order: ["b", "c", "a"], afterNew: ["c", "a", "d"] },
])("$set.name, a key set again", ({ set, order, afterNew }) => {
  test("takes its new value, and the next new key forgets the oldest by that order", () => {
    const table = filled(["a", "b", "c"]);
    set(table, "a", 9, 3);
    expect([...table.keys()]).toEqual(order);
    expect(table.get("a")).toBe(9);
    set(table, "d", 3, 3);
    expect([...table.keys()]).toEqual(afterNew);
  });
});

describe("forgetOldest", () => {
  test("deletes the first entry and gives its key; an empty table gives none", () => {
    const table = filled(["a", "b"]);
    expect(forgetOldest(table)).toBe("a");
    expect([...table.keys()]).toEqual(["b"]);
    expect(forgetOldest(table)).toBe("b");
    expect(forgetOldest(table)).toBeUndefined();
  });
});
