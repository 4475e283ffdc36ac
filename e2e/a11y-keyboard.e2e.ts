// Lesson 2 by keyboard alone, in both themes: Tab from the top of the page to the call's arguments (past the
// editor, one Tab stop that Tab never enters), a call, the form that takes focus when the tool asks, Accept, and the result that
// takes focus when the call ends. What a screen reader is told is read from Chromium's accessibility tree. Dialogs
// hold focus and give it back; the editor's screen reader mode is one key away; the page at 200 % zoom loses
// nothing. Screenshots of the focus ring go to test-results/screenshots/a11y/ for a person to look at.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { axNames, axTexts } from "./support/ax-tree";
import { callResult, sharedBrowser, toolAsks, watchErrors } from "./support/browser";
import { expectDialogFocus, focusIsIn, tabTo } from "./support/keyboard";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const OUT = fileURLToPath(new URL("../test-results/screenshots/a11y/", import.meta.url));
beforeAll(() => void mkdirSync(OUT, { recursive: true }));

const ARGUMENT = "#tool-arguments input";
const isInEditor = (page: Page) => focusIsIn(page, ".monaco-editor");

/** Tab forward to `selector`, failing if Tab ever lands inside the editor (where Tab would indent). */
async function tabPastEditorTo(page: Page, selector: string, most = 80) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press("Tab");
    if (await isInEditor(page)) throw new Error("Tab from outside went into the editor");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${most} presses of Tab never reached ${selector}`);
}

const announced = async (page: Page) => (await axTexts(page, "status")).filter((s) => s.live === "polite").map((s) => s.text);

for (const theme of ["light", "dark"] as const) {
  test(`lesson 2 from opening to the result without a mouse, ${theme} theme`, async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 }, colorScheme: theme });
    await context.addInitScript((t) => localStorage.setItem("elicitation-playground:theme", t), theme);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/?lesson=02-asking-with-elicit`);
    await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
    await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 30_000 });
    const shot = (name: string) => page.screenshot({ path: `${OUT}${theme}-${name}.png` });

    // The header's first stops, each with its visible ring; A+ is named by what it shows.
    await tabTo(page, 'button[aria-label^="A+"]');
    await shot("1-focus-header-button");
    expect(await axNames(page, "button")).toContain("A+ Larger text");

    await tabPastEditorTo(page, ARGUMENT);
    await shot("2-focus-argument");
    await page.keyboard.type("T-1");
    await page.keyboard.press("Enter");

    await toolAsks(page).waitFor({ timeout: 30_000 });
    await expect.poll(() => focusIsIn(page, 'section[aria-label="The tool asks"] form')).toBe(true);
    await expect.poll(() => announced(page)).toEqual([expect.stringMatching(/^The tool asks: .+ The form is waiting for your answer/)]);
    await shot("3-focus-form-field");
    await page.keyboard.press("Space");
    await tabTo(page, 'button[type="submit"][form^="elicitation-"]');
    await shot("4-focus-accept");
    await page.keyboard.press("Enter");

    await callResult(page).getByTestId("result-text").first().waitFor({ timeout: 30_000 });
    await expect.poll(() => focusIsIn(page, '[data-testid="call-outcome"]')).toBe(true);
    await expect.poll(() => announced(page)).toEqual([expect.stringMatching(/^The call of close_ticket finished: /)]);
    await shot("5-focus-result");

    // The Wire tab by its arrow keys: the sequence diagram's steps are a list in the tree, the picture is not.
    await page.locator("#tab-call").focus();
    await page.keyboard.press("ArrowRight");
    await page.getByTestId("wire-call").first().waitFor();
    await shot("6-focus-wire-tab");
    const steps = await page.getByTestId("sequence-steps").first().locator("li").allInnerTexts();
    expect(steps[0]).toMatch(/^Client to Server: /);
    const tree = await axTexts(page, "listitem");
    for (const step of steps) expect(tree.map((n) => n.text)).toContain(step);

    // Tests, by the shortcut: the run's outcome is said.
    await page.keyboard.press("Control+Shift+Enter");
    await page.getByTestId("test-run").waitFor({ timeout: 60_000 });
    await expect.poll(() => announced(page)).toEqual([expect.stringMatching(/^Tests finished: \d+ passed, \d+ failed/)]);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
}

test("a dialog holds focus while open and gives it back on Escape", async () => {
  const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/?lesson=02-asking-with-elicit`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  await tabTo(page, 'button[aria-label="Connect a client"]');
  await expectDialogFocus(page, page.getByRole("button", { name: "Connect a client" }));
  await context.close();
});

test("the editor's screen reader mode: its key is in the editor's name, and pressing it is said and shown", async () => {
  const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/?lesson=02-asking-with-elicit`);
  await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 30_000 });
  const toggle = page.getByRole("button", { name: "Shift+Alt+F1: screen reader" });
  expect(await toggle.getAttribute("aria-pressed")).toBe("false");
  await tabTo(page, "[data-testid=editor-stop]", 60);
  await page.keyboard.press("Enter");
  expect(await isInEditor(page)).toBe(true);
  expect((await axNames(page, "textbox")).some((n) => n.includes("Shift+Alt+F1 turns screen reader mode on or off"))).toBe(true);
  await page.keyboard.press("Shift+Alt+F1");
  await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
  await expect.poll(() => announced(page)).toEqual(["Screen reader mode is on in the editor."]);
  await page.reload();
  await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 30_000 });
  expect(await toggle.getAttribute("aria-pressed")).toBe("true");
  await context.close();
});

test("at 200 % zoom (1280 × 800 seen at 640 × 400) nothing scrolls sideways and every pane is still reachable", async () => {
  const context = await browser().newContext({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`${base}/?lesson=02-asking-with-elicit`);
  await page.locator('[role="radiogroup"][aria-label="Tool"]').waitFor({ state: "attached", timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
  for (const name of ["A− Smaller text", "A+ Larger text", "Connect a client", "Share link"]) await page.getByRole("button", { name }).waitFor();
  await page.getByRole("textbox", { name: "id", exact: true }).scrollIntoViewIfNeeded();
  expect(await page.getByRole("textbox", { name: "id", exact: true }).isVisible()).toBe(true);
  await page.screenshot({ path: `${OUT}zoom-200.png` });
  await context.close();
});
