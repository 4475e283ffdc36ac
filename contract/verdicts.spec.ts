import { describe, expect, it } from "vitest";
import { ITEM_STATE_LABELS, ITEM_STATES, itemState } from "./verdicts";

describe("itemState", () => {
  it("names each step of a learner's way through an item", () => {
    expect(itemState({ opened: false, tried: false, passesNow: false })).toBe("not-opened");
    expect(itemState({ opened: true, tried: false, passesNow: false })).toBe("opened");
    expect(itemState({ opened: true, tried: true, passesNow: false })).toBe("tried");
    expect(itemState({ opened: true, tried: true, passesNow: true, firstPassedAt: "2026-12-02T10:00:00Z" })).toBe("passes-now");
  });

  it("keeps a pass that the latest run broke apart from one that holds", () => {
    expect(itemState({ opened: true, tried: true, passesNow: false, firstPassedAt: "2026-12-02T10:00:00Z" })).toBe("passed-before");
  });

  it("has a label for every state", () => {
    expect(Object.keys(ITEM_STATE_LABELS).sort()).toEqual([...ITEM_STATES].sort());
  });
});
