import { useState } from "react";

/** Copies text and says so for a moment; falls back to a prompt where the clipboard is blocked. */
export function CopyButton({ text, label = "Copy", className = "btn-secondary" }: { text: string | (() => string); label?: string; className?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className={`${className} !px-2 !py-1 text-xs`}
      onClick={async () => {
        const value = typeof text === "function" ? text() : text;
        try {
          await navigator.clipboard.writeText(value);
          setDone(true);
          setTimeout(() => setDone(false), 1200);
        } catch {
          window.prompt("Copy this:", value);
        }
      }}
    >
      {done ? "Copied" : label}
    </button>
  );
}
