// The wide layout's pane sizes and folds, remembered per browser. Pure apart from storage, so the
// clamping that keeps the editor usable is unit-tested.

export type PaneId = "lesson" | "editor" | "tabs";

export interface LayoutPrefs {
  v: 1;
  /** Widths in CSS pixels (0: not set, a share of the window); the editor takes what is left. */
  lesson: number;
  tabs: number;
  folded: PaneId[];
}

const KEY = "elicitation-playground:layout";
export const DEFAULT_LAYOUT: LayoutPrefs = { v: 1, lesson: 0, tabs: 0, folded: [] };
/** Until the learner drags a divider, the side panes take a share of the window, within bounds (the lesson
 * pane at least 360 px, so its tables stay readable). */
const AUTO = { lesson: [0.28, 360, 480], tabs: [0.36, 420, 760] } as const;
const auto = (pane: "lesson" | "tabs", total: number) => Math.round(Math.min(AUTO[pane][2], Math.max(AUTO[pane][1], total * AUTO[pane][0])));
const MIN = { lesson: 200, tabs: 300, editor: 260 };
const RAIL = 32;
const SPLITTER = 6;
const PANES: PaneId[] = ["lesson", "editor", "tabs"];

export function parseLayout(raw: string | null): LayoutPrefs {
  try {
    const d = JSON.parse(raw ?? "") as Partial<LayoutPrefs>;
    if (d.v !== 1 || typeof d.lesson !== "number" || typeof d.tabs !== "number" || !Array.isArray(d.folded)) return DEFAULT_LAYOUT;
    return { v: 1, lesson: d.lesson, tabs: d.tabs, folded: d.folded.filter((p): p is PaneId => PANES.includes(p as PaneId)) };
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export function loadLayout(): LayoutPrefs {
  try {
    return parseLayout(localStorage.getItem(KEY));
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export function saveLayout(prefs: LayoutPrefs) {
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    /* storage unavailable: the layout lasts for this page */
  }
}

/**
 * Widths that fit `total`: each side pane at least its minimum, the editor (when open) at least
 * its own, the lesson pane giving way first when the window is too narrow for the saved sizes.
 */
export function clampWidths(prefs: LayoutPrefs, total: number, folded: Record<PaneId, boolean>): { lesson: number; tabs: number } {
  const chrome = (folded.lesson ? RAIL : SPLITTER) + (folded.tabs ? RAIL : SPLITTER) + (folded.editor ? RAIL : 0);
  const room = Math.max(0, total - chrome - (folded.editor ? 0 : MIN.editor));
  let tabs = folded.tabs ? 0 : Math.max(MIN.tabs, prefs.tabs || auto("tabs", total));
  let lesson = folded.lesson ? 0 : Math.max(MIN.lesson, prefs.lesson || auto("lesson", total));
  if (lesson + tabs > room) lesson = Math.max(folded.lesson ? 0 : MIN.lesson, room - tabs);
  if (lesson + tabs > room) tabs = Math.max(folded.tabs ? 0 : MIN.tabs, room - lesson);
  return { lesson, tabs };
}
