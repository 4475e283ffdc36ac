// Screenshots for a person to look at, when SHOTS_DIR names a folder (outside the repository): the page as it is now,
// at 1280 and 390 px, in the light and the dark theme. `atWidth` runs before each shot (open a tab, scroll to a part).
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { holdTransitions } from "./settled";

const SHOTS = process.env.SHOTS_DIR;

/**
 * Puts the page in one theme as the theme button does (its class, and the colour scheme a reader who chose it has),
 * with transitions off while a picture is taken: a button mid-fade is no colour anyone is left with.
 */
async function showTheme(page: Page, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: theme });
  if (theme === "dark") await holdTransitions(page, true);
  await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
  if (theme === "light") await holdTransitions(page, false);
}

export async function themedShots(page: Page, name: string, atWidth: (width: number) => Promise<void> = async () => undefined) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["light", "dark"] as const) {
    await showTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await atWidth(width);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await showTheme(page, "light");
}
