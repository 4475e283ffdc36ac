// Moving through a page by keyboard alone, as a learner without a mouse does.
import type { Locator, Page } from "playwright-core";

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

/** Presses Tab, then Shift+Tab, `presses` times each and fails the moment focus leaves the open modal dialog. */
export async function expectFocusKeptInDialog(page: Page, presses = 12) {
  for (const key of ["Tab", "Shift+Tab"])
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      if (!(await focusIsIn(page, "dialog:modal"))) throw new Error(`${key} ×${i + 1} took focus out of the open dialog`);
    }
}

/**
 * Opens a modal dialog from `opener` by keyboard (focus, Enter), runs `whileOpen`, checks that Tab and Shift+Tab stay
 * inside it, closes it with Escape and checks that focus is back on `opener`.
 */
export async function expectDialogFocus(page: Page, opener: Locator, whileOpen: () => Promise<void> = async () => {}) {
  await opener.focus();
  await page.keyboard.press("Enter");
  await page.locator("dialog:modal").waitFor();
  await whileOpen();
  await expectFocusKeptInDialog(page);
  await page.keyboard.press("Escape");
  await page.locator("dialog:modal").waitFor({ state: "detached" });
  if (!(await opener.evaluate((el) => el === document.activeElement))) throw new Error("closing the dialog did not give focus back to its opener");
}
