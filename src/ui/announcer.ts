// What the page says to a screen reader when something changes out of sight: a form waiting for an answer, a call,
// a test run or a Check that finished. Said politely (after whatever the reader is saying); an error is not said
// here but by its own box where it shows, an assertive alert. LiveRegions renders the region; anything may call announce().
import { useSyncExternalStore } from "react";

/** A region whose text is replaced by the same text says nothing: it is emptied first, then refilled a moment later. */
const REFILL_MS = 60;

let said = "";
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(text: string) {
  said = text;
  for (const l of listeners) l();
}

export function announce(text: string) {
  clearTimeout(timer);
  publish("");
  timer = setTimeout(() => publish(text), REFILL_MS);
}

export function useAnnouncement(): string {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => said,
  );
}
