// The editor knows the official SDKs' types: lessons 13 (SDK 1.x) and 15 (SDK 2.x) open with no error marker, and a
// real type error in an SDK call is marked. The declarations arrive as their own chunk, only for projects that import
// an SDK. Screenshots in both themes, desktop and phone, into test-results/screenshots/.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { sharedBrowser, watchErrors } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const OUT = fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
mkdirSync(OUT, { recursive: true });

const LESSONS = [
  { id: "13-support-desk-on-the-official-sdk", pack: "sdk1" },
  { id: "15-porting-to-sdk-2", pack: "sdk2" },
] as const;
// Only the SDK's declarations can say `version` is a string: without them McpServer is untyped and nothing is marked.
const TYPE_ERROR = '\nnew McpServer({ name: "typo", version: 2 });';
const TYPE_ERROR_MESSAGE = /Type 'number' is not assignable to type 'string'/;

async function open(lesson: string, size: { width: number; height: number }, theme: "light" | "dark") {
  const context = await browser().newContext({ viewport: size, colorScheme: theme });
  await context.addInitScript((t) => localStorage.setItem("elicitation-playground:theme", t), theme);
  const page = await context.newPage();
  const chunks: string[] = [];
  page.on("request", (r) => chunks.push(new URL(r.url()).pathname));
  const errors = watchErrors(page);
  await page.goto(`${base}/?lesson=${lesson}`);
  await page.locator('[role="radiogroup"][aria-label="Tool"] input').first().waitFor({ state: "attached", timeout: 30_000 });
  return { page, chunks, errors };
}

const problemsCount = (page: Page) =>
  page
    .getByTestId("problems-toggle")
    .innerText()
    .then((t) => Number(/Problems \((\d+)\)/.exec(t)?.[1] ?? NaN))
    .catch(() => NaN);

/** Types the error at the end of the file and waits for TypeScript to mark it: then the whole file has been checked. */
async function markOneError(page: Page): Promise<string[]> {
  const editor = page.locator(".monaco-editor .view-lines");
  await editor.click();
  await page.keyboard.press("Control+End");
  // Inserted as one piece: typed key by key, Monaco would close each bracket itself.
  await page.keyboard.insertText(TYPE_ERROR);
  await expect.poll(() => problemsCount(page), { timeout: 60_000 }).toBe(1);
  if ((await page.getByTestId("problems-toggle").getAttribute("aria-expanded")) !== "true") await page.getByTestId("problems-toggle").click();
  // The open list takes room from the editor: bring the marked line back into view.
  await editor.click();
  await page.keyboard.press("Control+End");
  return page.getByTestId("problems-toggle").locator("xpath=following-sibling::ul//li").allInnerTexts();
}

describe("the official SDKs' types in the editor", () => {
  for (const { id, pack } of LESSONS)
    for (const theme of ["light", "dark"] as const)
      test(`${id}, ${theme}: no error markers, and a real type error is marked`, async () => {
        const { page, chunks, errors } = await open(id, { width: 1280, height: 800 }, theme);
        await page.locator(`[data-testid="monaco-host"][data-declarations~="${pack}"]`).waitFor({ timeout: 60_000 });
        expect(chunks.some((c) => new RegExp(`/assets/${pack}-[\\w-]+\\.js$`).test(c))).toBe(true);
        // The lesson's own code, checked with the SDK's declarations: the only problem is the one typed in.
        const problems = await markOneError(page);
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(TYPE_ERROR_MESSAGE);
        expect(problems[0]).toMatch(/^src\/server\.ts:\d+:\d+/);
        await expect.poll(() => page.locator(".monaco-editor .squiggly-error").count()).toBeGreaterThan(0);
        await page.screenshot({ path: `${OUT}editor-types-${id.slice(0, 2)}-${theme}-desktop.png` });
        // Undone, the file is the lesson's again, and nothing is marked.
        for (let i = 0; i < 40 && (await problemsCount(page)) !== 0; i++) await page.keyboard.press("Control+z");
        await expect.poll(() => problemsCount(page), { timeout: 30_000 }).toBe(0);
        expect(errors).toEqual([]);
        await page.context().close();
      });

  for (const theme of ["light", "dark"] as const)
    test(`on a phone, ${theme}: lesson 13's type error is marked in the Code pane`, async () => {
      const { page } = await open(LESSONS[0].id, { width: 390, height: 844 }, theme);
      await page.getByRole("tab", { name: "Code" }).click();
      await page.locator('[data-testid="monaco-host"][data-declarations~="sdk1"]').waitFor({ timeout: 60_000 });
      const problems = await markOneError(page);
      expect(problems[0]).toMatch(TYPE_ERROR_MESSAGE);
      await page.screenshot({ path: `${OUT}editor-types-13-${theme}-phone.png` });
      await page.context().close();
    });

  test("a FrontMCP lesson does not fetch the SDKs' declarations", async () => {
    const { page, chunks } = await open("02-asking-with-elicit", { width: 1280, height: 800 }, "light");
    await expect.poll(() => page.getByText(/Problems \(\d+\)/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("monaco-host").getAttribute("data-declarations")).toBe("");
    expect(chunks.filter((c) => /\/assets\/sdk[12]-/.test(c))).toEqual([]);
    await page.context().close();
  });
});
