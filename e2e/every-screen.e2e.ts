// Issue 11.9, every screen: side by side with resizable, foldable panes from 900 px, stacked below,
// one pane at a time on a phone; A+ and A− scale the editor too; presenter mode; and no
// horizontal scroll at 390 px. Screenshots at four sizes in both themes (switched by the theme button) go to
// test-results/screenshots/screens/ for a person to look at.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { call, callResult, type EditorChoice, newContext, sharedBrowser, toolAsks } from "./support/browser";
import { baseUrl } from "./support/base-url";
import { holdTransitions } from "./support/settled";

const base = baseUrl();
const OUT = fileURLToPath(new URL("../test-results/screenshots/screens/", import.meta.url));
const browser = sharedBrowser();
beforeAll(() => void mkdirSync(OUT, { recursive: true }));

const SIZES = [
  [390, 844],
  [768, 1024],
  [1280, 800],
  [1920, 1080],
] as const;

/** Lesson 4 at `size` in the light theme, with the code editor unless the test does not look at it. */
async function open(size: readonly [number, number], editor: EditorChoice = "monaco"): Promise<Page> {
  const context = await newContext(browser(), { viewport: { width: size[0], height: size[1] }, editor });
  await context.addInitScript(() => localStorage.setItem("elicitation-playground:theme", "light"));
  const page = await context.newPage();
  // On a phone the Call tab starts behind its pane tab: wait for it to exist, not to show.
  await page.goto(`${base}/?lesson=04-on-the-wire`);
  await page.locator('[role="radiogroup"][aria-label="Tool"] input').first().waitFor({ state: "attached", timeout: 30_000 });
  return page;
}

/** A screenshot in the light and then the dark theme, switched by the header's theme button; left light. */
async function shootBothThemes(page: Page, size: string, step: string, fullPage = false) {
  await page.screenshot({ path: `${OUT}${size}-light-${step}.png`, fullPage });
  await holdTransitions(page, true);
  await page.getByRole("button", { name: "Dark theme" }).click();
  await page.screenshot({ path: `${OUT}${size}-dark-${step}.png`, fullPage });
  await page.getByRole("button", { name: "Light theme" }).click();
  await holdTransitions(page, false);
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
const paneWidth = (page: Page, pane: string) => page.locator(`[data-pane="${pane}"]`).evaluate((el) => el.getBoundingClientRect().width);
const editorFontSize = (page: Page) => page.locator(".monaco-editor .view-lines").evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

async function answerBoth(page: Page) {
  await toolAsks(page).waitFor();
  await page.getByRole("checkbox", { name: "confirm", exact: true }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await toolAsks(page).getByRole("checkbox", { name: /email/i }).waitFor();
  await page.getByRole("button", { name: "Accept" }).click();
  await callResult(page).waitFor();
}

describe("screenshots at four sizes, both themes, nothing wider than the screen", () => {
  for (const size of SIZES) {
    test(`${size[0]}x${size[1]}`, async () => {
      const page = await open(size);
      const name = `${size[0]}x${size[1]}`;
      const phone = size[0] < 640;
      await page.locator(".monaco-editor .view-lines").waitFor({ state: "attached", timeout: 30_000 });
      await shootBothThemes(page, name, "1-lesson");
      expect(await horizontalOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);

      if (phone) await page.getByRole("tab", { name: "Try it" }).click();
      await call(page, { id: "T-1" });
      // The form loads lazily: the picture is of the form itself, not of its spinner.
      await toolAsks(page).getByRole("checkbox", { name: "confirm", exact: true }).waitFor();
      await shootBothThemes(page, name, "2-question");
      await answerBoth(page);
      await shootBothThemes(page, name, "3-result");
      await page.getByRole("tab", { name: /Wire/ }).click();
      await page.getByTestId("wire-call").first().waitFor();
      await shootBothThemes(page, name, "4-wire", !phone);
      expect(await horizontalOverflow(page), `${name} Wire tab scrolls sideways`).toBeLessThanOrEqual(0);
      if (phone) {
        await page.getByRole("tab", { name: "Code" }).click();
        await page.locator(".monaco-editor .view-lines").waitFor();
        await shootBothThemes(page, name, "5-code");
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    });
  }
});

describe("panes", () => {
  test("wide: the dividers resize by keyboard, fold and unfold, and the sizes survive a reload", async () => {
    const page = await open([1280, 800], "plain");
    const before = await paneWidth(page, "lesson");
    const divider = page.getByRole("separator", { name: "Resize the lesson pane" });
    await divider.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => paneWidth(page, "lesson")).toBeGreaterThan(before + 40);
    const widened = await paneWidth(page, "lesson");

    await page.getByRole("button", { name: "Fold the Call · Wire · Tests pane" }).click();
    expect(await page.locator('[data-pane="tabs"]').count()).toBe(0);
    await page.getByTestId("rail-tabs").click();
    await page.locator('[data-pane="tabs"]').waitFor();

    await page.getByRole("button", { name: "Fold the Lesson pane" }).click();
    await page.getByTestId("rail-lesson").waitFor();
    await page.reload();
    await page.getByTestId("rail-lesson").waitFor();
    await page.getByTestId("rail-lesson").click();
    await expect.poll(() => paneWidth(page, "lesson")).toBe(widened);
  });

  test("under 900 px the panes stack; on a phone one pane shows at a time, switched by tabs", async () => {
    const tablet = await open([768, 1024], "plain");
    const boxes = await Promise.all(["lesson", "editor", "tabs"].map((p) => tablet.locator(`[data-pane="${p}"]`).boundingBox()));
    expect(boxes[0]!.y).toBeLessThan(boxes[1]!.y);
    expect(boxes[1]!.y).toBeLessThan(boxes[2]!.y);
    await tablet.context().close();

    const phone = await open([390, 844], "plain");
    const visible = () =>
      phone.evaluate(() =>
        [...document.querySelectorAll("[data-pane]")].filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.getAttribute("data-pane")),
      );
    expect(await visible()).toEqual(["lesson"]);
    await phone.getByRole("tab", { name: "Code" }).click();
    expect(await visible()).toEqual(["editor"]);
    await phone.getByRole("tab", { name: "Try it" }).click();
    expect(await visible()).toEqual(["tabs"]);
  });

  test("A+ and A− scale the editor too; presenter mode makes type large and hides the lesson", async () => {
    const page = await open([1280, 800]);
    await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 30_000 });
    const start = await editorFontSize(page);
    await page.getByRole("button", { name: "Larger text" }).click();
    await expect.poll(() => editorFontSize(page)).toBeGreaterThan(start);
    await page.getByRole("button", { name: "Smaller text" }).click();
    await page.getByRole("button", { name: "Smaller text" }).click();
    await expect.poll(() => editorFontSize(page)).toBeLessThan(start);

    await page.getByRole("button", { name: "Present" }).click();
    await expect.poll(() => page.locator('[data-pane="lesson"]').count()).toBe(0);
    await expect.poll(() => editorFontSize(page)).toBeGreaterThanOrEqual(19);
    await page.screenshot({ path: `${OUT}1280x800-light-presenter.png` });
    await page.getByRole("button", { name: "Present" }).click();
    await page.locator('[data-pane="lesson"]').waitFor();
  });
});
