// A learner alone can finish: a failing check's hint shows only when asked, one check at a time; the reference
// solution opens after three Checks the server ran; the end of course lists what passes and what each lesson taught,
// with the way onward. Screenshots at 1280 and 390 px, light and dark.
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { afterAll, expect, test } from "vitest";
import { newContext, openLesson, shareHash, sharedBrowser } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const C1 = "c1-confirm-before-deleting";
const OUT = process.env.SHOTS_DIR ?? fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
const CHECKS = fileURLToPath(new URL(`../checks/${C1}/`, import.meta.url));
const hints = JSON.parse(readFileSync(`${CHECKS}hints.json`, "utf8")) as Record<string, string>;
const solution = readFileSync(`${CHECKS}solution/delete-ticket.tool.ts`, "utf8");
const contexts: Awaited<ReturnType<typeof newContext>>[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function themed(dark: boolean): Promise<Page> {
  const context = await newContext(browser(), { dark });
  await context.addInitScript(
    (t) => localStorage.getItem("elicitation-playground:theme") ?? localStorage.setItem("elicitation-playground:theme", t),
    dark ? "dark" : "light",
  );
  contexts.push(context);
  return context.newPage();
}

async function check(page: Page, nth: number) {
  await page.getByRole("button", { name: "Check", exact: true }).click();
  // The Check button is disabled while the server runs the checks; the n-th answer is counted once it is back.
  await expect.poll(() => page.getByRole("button", { name: "Check", exact: true }).isEnabled(), { timeout: 60_000 }).toBe(true);
  await page.getByTestId("check-results").getByTestId("check").first().waitFor({ timeout: 60_000 });
  return nth;
}

/** Both widths; on a phone the Tests panel is its own pane ("Try it"), the end of course is in the lesson pane. */
async function shots(page: Page, stage: string, dark: boolean, pane: "Try it" | "Lesson" = "Try it", inView?: Locator) {
  mkdirSync(OUT, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(200);
    if (width === 390) await page.getByRole("tab", { name: pane, exact: true }).click();
    await inView?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}alone-${stage}-${dark ? "dark" : "light"}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const hintTexts = (page: Page) => page.getByTestId("hint").allInnerTexts();

for (const dark of [false, true]) {
  test(`hints one at a time, the solution after three Checks (${dark ? "dark" : "light"})`, async () => {
    const page = await themed(dark);
    await openLesson(page, base, C1);
    await page.getByRole("tab", { name: /Tests/ }).click();
    await check(page, 1);
    const panel = page.getByTestId("check-results");
    // Failing checks say they fail, with no hint text until asked.
    const buttons = panel.getByRole("button", { name: /^Show a hint for/ });
    expect(await buttons.count()).toBeGreaterThan(1);
    const before = await panel.innerText();
    for (const hint of Object.values(hints)) expect(before).not.toContain(hint);
    await buttons.first().click();
    await expect.poll(() => hintTexts(page)).toHaveLength(1);
    const [shown] = await hintTexts(page);
    expect(Object.values(hints).some((h) => shown === `Hint: ${h}`)).toBe(true);
    expect(await panel.getByTestId("solution-later").innerText()).toContain("2 to go");
    await shots(page, "hint", dark);

    await check(page, 2);
    // A revealed hint stays shown on the next Check; the others stay hidden.
    expect(await hintTexts(page)).toEqual([shown]);
    expect(await panel.getByTestId("solution-later").innerText()).toContain("1 to go");
    expect(await panel.getByRole("button", { name: "Show me the solution" }).count()).toBe(0);
    await check(page, 3);
    await shots(page, "solution-offer", dark, "Try it", panel.getByRole("button", { name: "Show me the solution" }));
    await panel.getByRole("button", { name: "Show me the solution" }).click();
    const shownSolution = panel.getByTestId("solution");
    await shownSolution.waitFor({ timeout: 15_000 });
    expect(await shownSolution.innerText()).toContain(
      solution
        .split("\n")
        .find((l) => l.includes("elicit"))!
        .trim(),
    );
    await shots(page, "solution", dark, "Try it", shownSolution);
  }, 300_000);

  test(`the end of course after the last challenge and from the menu (${dark ? "dark" : "light"})`, async () => {
    const page = await themed(dark);
    // C1 passes with its reference solution: the end of course reads that pass from the server's Check.
    await page.goto(`${base}/?lesson=${C1}${shareHash(C1, { "delete-ticket.tool.ts": solution })}`);
    await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
    await page.getByRole("tab", { name: /Tests/ }).click();
    await check(page, 1);
    await expect.poll(() => page.getByTestId("check-summary").innerText(), { timeout: 60_000 }).toContain("challenge complete");

    const lessons = (await (await fetch(`${base}/api/lessons`)).json()) as { id: string; kind: string; taught: string }[];
    // The header's counter counts lessons and challenges alike: the one challenge passed is its 1.
    expect(lessons.filter((l) => l.kind === "challenge").length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("progress-count").innerText(), { timeout: 30_000 }).toMatch(new RegExp(`^1 of ${lessons.length}\\b`));
    const last = lessons.filter((l) => l.kind === "challenge").at(-1)!;
    await openLesson(page, base, last.id);
    await page.getByTestId("to-course-end").click();
    const end = page.getByTestId("course-end");
    await end.waitFor();
    expect(await end.getByTestId("course-end-item").count()).toBe(lessons.length);
    expect(await end.locator(`[data-testid=course-end-item][data-state=passes-now]`).innerText()).toContain("confirm before deleting");
    for (const l of lessons) expect(await end.innerText()).toContain(l.taught);
    expect(await end.getByTestId("course-end-count").innerText()).toMatch(/^1 of \d+ lessons and challenges pass now/);
    expect(await end.getByRole("link", { name: /specification/ }).getAttribute("href")).toContain("modelcontextprotocol.io/specification");
    expect(await end.getByRole("link", { name: /official TypeScript SDK/ }).getAttribute("href")).toContain("github.com/modelcontextprotocol/typescript-sdk");
    // It opens at its top, its heading focused.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("End of course");
    await shots(page, "end", dark, "Lesson");
    await end.getByRole("button", { name: "Open the Connect panel" }).click();
    await page.getByRole("dialog", { name: "Connect a real client" }).waitFor();
    await page.keyboard.press("Escape");

    // The menu's last entry opens it too, and picking a lesson leaves it.
    await openLesson(page, base, "04-on-the-wire");
    await page.getByRole("combobox", { name: "Lesson" }).selectOption("end-of-course");
    await end.waitFor();
    await page.getByRole("combobox", { name: "Lesson" }).selectOption("04-on-the-wire");
    await expect.poll(() => page.getByTestId("course-end").count()).toBe(0);
  }, 300_000);
}
