// The plain editor: what takes the code editor's place when a room's network drops its big download (the page stays
// usable and edits count), and a learner's own choice for a slow computer or a screen reader.
import { expect, test } from "vitest";
import { axeFindingsInBothThemes } from "./support/axe";
import { call, callResult, EDITOR_CHUNK, endOfEditor, newContext, openLesson, sharedBrowser, typeAtEnd, watchErrors } from "./support/browser";
import { tabTo } from "./support/keyboard";
import { themedShots } from "./support/shots";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

test("when the editor chunk fails to load, a plain editor takes its place and the Call tab still works", async () => {
  const context = await newContext(browser(), { editor: "monaco" });
  await context.route(EDITOR_CHUNK, (route) => route.abort());
  const page = await context.newPage();
  await openLesson(page, base, "01-acts-without-asking");
  await page.getByText("The code editor did not load").waitFor();
  await page.getByRole("tab", { name: "close-ticket.tool.ts" }).click();
  const code = page.getByRole("textbox", { name: "Code of close-ticket.tool.ts" });
  const edited = (await code.inputValue()).replace("emailed: ticket.customer", 'emailed: ticket.customer, via: "plain editor"');
  expect(edited).toContain("plain editor");
  await code.fill(edited);
  await code.blur();
  // The edit reaches the server: the result carries what only the edited code returns.
  await expect.poll(async () => (await call(page, { id: "T-1" }), await callResult(page).textContent()), { timeout: 30_000 }).toContain("plain editor");
  expect(await page.getByRole("button", { name: "Try again" }).isVisible()).toBe(true);
});

test("the plain editor is a choice: by keyboard, remembered, no editor download, and problems still jump to their line", async () => {
  const context = await newContext(browser(), { editor: "monaco" });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const editorChunks: string[] = [];
  page.on("request", (r) => void (EDITOR_CHUNK.test(new URL(r.url()).pathname) && editorChunks.push(r.url())));
  await openLesson(page, base, "01-acts-without-asking");
  await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 30_000 });

  await page.locator("body").focus();
  await tabTo(page, '[data-testid="plain-editor-toggle"]', 80);
  await page.keyboard.press("Enter");
  const field = page.getByTestId("plain-editor");
  await field.waitFor();
  expect(await page.getByTestId("plain-editor-toggle").getAttribute("aria-pressed")).toBe("true");
  expect(await page.locator(".monaco-editor").count()).toBe(0);

  // Remembered: a reload opens the plain editor and never downloads the code editor.
  editorChunks.length = 0;
  await page.reload();
  await field.waitFor({ timeout: 30_000 });
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  expect(editorChunks).toEqual([]);

  // A compile error, listed in the problems, moves the field's caret to its line.
  await typeAtEnd(page, "\nexport const = ;");
  const toggle = page.getByTestId("problems-toggle");
  await expect.poll(() => toggle.getAttribute("data-problems"), { timeout: 30_000 }).not.toBe("0");
  await toggle.click();
  await page
    .locator("ul button", { hasText: /\.ts:\d+:\d+/ })
    .first()
    .click();
  const caretLine = () => field.evaluate((el: HTMLTextAreaElement) => el.value.slice(0, el.selectionStart).split("\n").length);
  const lines = (await field.inputValue()).split("\n").length;
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("plain-editor");
  expect(await caretLine()).toBe(lines);

  expect(await axeFindingsInBothThemes(page, "plain editor")).toEqual([]);
  await themedShots(page, "plain-editor", async (width) => {
    if (width === 390) await page.getByRole("tab", { name: "Code", exact: true }).click();
  });

  // Back to the code editor, with the edit in it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId("plain-editor-toggle").click();
  await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 30_000 });
  expect((await endOfEditor(page)).replace(/\s+/g, " ")).toContain("export const = ;");
  expect(errors).toEqual([]);
});
