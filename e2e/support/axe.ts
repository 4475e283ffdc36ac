// axe-core run inside the page under test: every WCAG 2.0 and 2.1 A and AA rule, plus three the playground
// holds itself to whatever their impact (heading-order, region, label-content-name-mismatch). A finding reads
// "state: rule (impact) element: what is wrong", so one failed assertion lists everything left to fix.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { holdTransitions } from "./settled";

const SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const EXTRA = ["heading-order", "region", "label-content-name-mismatch"];

interface AxeInPage {
  getRules(tags: string[]): { ruleId: string }[];
  run(context: unknown, options: RunOptions): Promise<AxeResults>;
}

/** The violations on the page as it is now, or inside `within` (a CSS selector) when given. */
export async function axeFindings(page: Page, state: string, within?: string): Promise<string[]> {
  // Evaluated through the debugging protocol, so the page's own script policy does not stand in the way.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(SOURCE);
  // The audit sees every element at the end of its transitions, as a reader is left with it.
  await holdTransitions(page, true);
  const violations = await page
    .evaluate(
      async ({ tags, extra, within }) => {
        const axe = (window as unknown as { axe: AxeInPage }).axe;
        const values = [...new Set([...axe.getRules(tags).map((r) => r.ruleId), ...extra])];
        const result = await axe.run(within ? { include: [within] } : document, { runOnly: { type: "rule", values }, resultTypes: ["violations"] });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 240)}`),
        }));
      },
      { tags: TAGS, extra: EXTRA, within },
    )
    .finally(() => holdTransitions(page, false));
  return violations.flatMap((v) => v.nodes.slice(0, 6).map((n) => `${state}: ${v.id} (${v.impact}) ${n}`));
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

/** Puts the page in one theme without a reload: the class the theme button sets (the editor follows it) and the
 * colour scheme a reader who chose that theme in the system would have. */
async function setTheme(page: Page, dark: boolean) {
  await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
  // The code editor follows the class a moment later; audited before, its light tokens sit on the dark background.
  await page.waitForFunction((on) => [...document.querySelectorAll(".monaco-editor")].every((el) => el.classList.contains("vs-dark") === on), dark);
}

/** The violations in the light and then the dark theme, the same state audited in each; the page is left light. */
export async function axeFindingsInBothThemes(page: Page, state: string, within?: string): Promise<string[]> {
  if (await isDark(page)) await setTheme(page, false);
  const light = await axeFindings(page, `${state}, light`, within);
  await setTheme(page, true);
  const dark = await axeFindings(page, `${state}, dark`, within);
  await setTheme(page, false);
  return [...light, ...dark];
}
