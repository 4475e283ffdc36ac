import { describe, expect, test } from "vitest";
import { clampWidths, DEFAULT_LAYOUT, parseLayout } from "./layout-prefs";

const open = { lesson: false, editor: false, tabs: false };

describe("pane widths", () => {
  test("saved sizes are kept when they fit", () => {
    expect(clampWidths({ ...DEFAULT_LAYOUT, lesson: 400, tabs: 500 }, 1920, open)).toEqual({ lesson: 400, tabs: 500 });
  });

  test("a narrow window takes room from the lesson pane first, and the editor keeps its minimum", () => {
    const w = clampWidths({ ...DEFAULT_LAYOUT, lesson: 600, tabs: 500 }, 1000, open);
    expect(w.tabs).toBe(500);
    expect(w.lesson).toBeLessThan(600);
    expect(1000 - 12 - w.lesson - w.tabs).toBeGreaterThanOrEqual(260);
  });

  test("never below a pane's minimum, however small the saved size", () => {
    expect(clampWidths({ ...DEFAULT_LAYOUT, lesson: 10, tabs: 10 }, 1920, open)).toEqual({ lesson: 200, tabs: 300 });
  });

  test("until a divider is dragged, the side panes take a share of the window, the lesson pane 360 px at least", () => {
    expect(clampWidths(DEFAULT_LAYOUT, 1920, open)).toEqual({ lesson: 480, tabs: 691 });
    expect(clampWidths(DEFAULT_LAYOUT, 1280, open)).toEqual({ lesson: 360, tabs: 461 });
  });

  test("a folded pane takes no width, and an unreadable record is the default", () => {
    expect(clampWidths(DEFAULT_LAYOUT, 1280, { ...open, lesson: true }).lesson).toBe(0);
    expect(parseLayout("nonsense")).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout(JSON.stringify({ v: 1, lesson: 300, tabs: 400, folded: ["lesson", "bogus"] })).folded).toEqual(["lesson"]);
  });
});
