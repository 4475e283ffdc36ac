// Page-wide shortcuts for when focus is outside the editor (the editor binds the same keys
// as its own actions, which take precedence while typing).
import { useEffect, useRef } from "react";

export interface Shortcuts {
  call: () => void;
  tests: () => void;
  share: () => void;
}

export function useShortcuts(handlers: Shortcuts) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if (e.key === "Enter" && e.shiftKey) ref.current.tests();
      else if (e.key === "Enter") ref.current.call();
      else if (e.key.toLowerCase() === "s" && !e.shiftKey) ref.current.share();
      else return;
      e.preventDefault();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
}
