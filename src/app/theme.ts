// Light/dark theme and the room-wide font size, both remembered per browser.
import { useState, useSyncExternalStore } from "react";

const THEME_KEY = "elicitation-playground:theme";
const SIZE_KEY = "elicitation-playground:font-size";
const PRESENTER_KEY = "elicitation-playground:presenter";
export const FONT_SIZES = [13, 15, 17, 20, 24];

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
}

export function useTheme() {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains("dark"));
  const toggle = () => {
    const next = !dark;
    document.documentElement.classList.toggle("dark", next);
    store(THEME_KEY, next ? "dark" : "light");
    setDark(next);
  };
  return { dark, toggle };
}

function applySize(px: number) {
  document.documentElement.style.setProperty("--playground-font-size", `${px}px`);
}

export function useFontSize() {
  const [size, setSize] = useState(() => {
    let px = 15;
    try {
      px = Number(localStorage.getItem(SIZE_KEY)) || 15;
    } catch {
      /* default size */
    }
    const valid = FONT_SIZES.includes(px) ? px : 15;
    applySize(valid);
    return valid;
  });
  const step = (dir: 1 | -1) => {
    const next = FONT_SIZES[Math.min(FONT_SIZES.length - 1, Math.max(0, FONT_SIZES.indexOf(size) + dir))];
    applySize(next);
    store(SIZE_KEY, String(next));
    setSize(next);
  };
  return { size, bigger: () => step(1), smaller: () => step(-1) };
}

/** Presenter mode for projecting: large type everywhere (the editor too) and the lesson pane hidden. One state for the
 * whole page, so the header's toggle and the workspace's layout always agree. */
function readPresenter(): boolean {
  let stored = false;
  try {
    stored = localStorage.getItem(PRESENTER_KEY) === "1";
  } catch {
    /* default off */
  }
  return new URLSearchParams(location.search).get("present") === "1" || stored;
}
let presenterOn: boolean | undefined;
const presenterListeners = new Set<() => void>();
const presenterNow = () => {
  if (presenterOn === undefined) {
    presenterOn = readPresenter();
    document.documentElement.classList.toggle("presenter", presenterOn);
  }
  return presenterOn;
};
const subscribePresenter = (listener: () => void) => {
  presenterListeners.add(listener);
  return () => presenterListeners.delete(listener);
};

export function usePresenter() {
  const on = useSyncExternalStore(subscribePresenter, presenterNow);
  const toggle = () => {
    presenterOn = !presenterNow();
    document.documentElement.classList.toggle("presenter", presenterOn);
    store(PRESENTER_KEY, presenterOn ? "1" : "0");
    for (const listener of presenterListeners) listener();
  };
  return { on, toggle };
}
