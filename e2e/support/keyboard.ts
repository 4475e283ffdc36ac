// Moving through a page by keyboard alone, as a learner without a mouse does.
import type { Page } from "playwright-core";

/** Presses Tab until the element `selector` matches has focus, bounded so a missing stop fails instead of looping. */
export async function tabTo(page: Page, selector: string, most = 40): Promise<number> {
  for (let i = 1; i <= most; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return i;
  }
  throw new Error(`${most} presses of Tab never reached ${selector}`);
}

/** Whether the focused element is `selector` or inside it. */
export const focusIsIn = (page: Page, selector: string) => page.evaluate((s) => !!document.activeElement?.closest(s), selector);
