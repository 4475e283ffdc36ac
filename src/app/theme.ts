// Light/dark theme and the room-wide font size, both remembered per browser.
import { useState } from "react";

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

/** Presenter mode for projecting: large type everywhere (the editor too) and the lesson pane hidden. */
export function usePresenter() {
  const [on, setOn] = useState(() => {
    let stored = false;
    try {
      stored = localStorage.getItem(PRESENTER_KEY) === "1";
    } catch {
      /* default off */
    }
    const wanted = new URLSearchParams(location.search).get("present") === "1" || stored;
    document.documentElement.classList.toggle("presenter", wanted);
    return wanted;
  });
  const toggle = () => {
    const next = !on;
    document.documentElement.classList.toggle("presenter", next);
    store(PRESENTER_KEY, next ? "1" : "0");
    setOn(next);
  };
  return { on, toggle };
}
