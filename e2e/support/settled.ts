// Puts every element at the end of its transitions and animations at once, for a picture or an audit: a colour
// mid-fade (a theme just switched, a button just left) is no colour anyone is left with. Waiting for them instead can
// hang: Chromium sometimes leaves a transition's `finished` promise unsettled.
import type { Page } from "playwright-core";

const SETTLED_CSS = "*, *::before, *::after { transition: none !important; animation: none !important; }";

/** `on`: transitions and animations stop at their end until called again with `off`. */
export function holdTransitions(page: Page, on: boolean): Promise<void> {
  return page.evaluate(
    ({ on, css }) => {
      document.getElementById("settled-transitions")?.remove();
      if (!on) return;
      const style = document.createElement("style");
      style.id = "settled-transitions";
      style.textContent = css;
      document.head.append(style);
    },
    { on, css: SETTLED_CSS },
  );
}
