// Boxes whose content can be wider or taller than they are (code, logs, a diagram on a phone). Each takes keyboard
// focus so the arrow keys can scroll it: a box that only a mouse or a finger can scroll fails WCAG 2.1.1.
import type { HTMLAttributes } from "react";

export function ScrollablePre(props: HTMLAttributes<HTMLPreElement>) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable to be scrolled from the keyboard.
  return <pre tabIndex={0} {...props} />;
}

export function ScrollableBox(props: HTMLAttributes<HTMLDivElement>) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable to be scrolled from the keyboard.
  return <div tabIndex={0} {...props} />;
}
