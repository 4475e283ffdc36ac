// The accessibility walk of the playground page at one width (e2e/a11y-playground-*.e2e.ts, a file per width so
// the two walks run side by side): every lesson's text, the Call tab with an argument form, an elicitation form
// (lesson 9's field kinds), a result and an error, the Wire tab with a call and its sequence diagram, the Tests tab
// after a failing run, a challenge's hidden checks, and every dialog, each audited in the light and the dark theme.
import type { Browser } from "playwright-core";
import { expect } from "vitest";
import { axeFindingsInBothThemes } from "./axe";
import { call, callResult, pickLesson, shareHash, starterFiles, toolAsks, watchErrors } from "./browser";

const LESSON_9 = "09-a-richer-form";
const LESSON_6 = "06-testing-a-tool-that-asks";
const C1 = "c1-confirm-before-deleting";

const FAILING_TEST = `
test("a deliberately wrong expectation", async () => {
  expect({ id: "T-1", closed: true }).toEqual({ id: "T-1", closed: false });
});
`;

async function lessonIds(base: string): Promise<string[]> {
  return ((await (await fetch(`${base}/api/lessons`)).json()) as { id: string }[]).map((l) => l.id);
}

/** Walks every state at `width` and expects no page error and no axe finding in either theme. */
export async function walkPlayground(browser: Browser, base: string, width: number) {
  const phone = width < 640;
  const context = await browser.newContext({ viewport: { width, height: phone ? 844 : 800 }, colorScheme: "light" });
  await context.addInitScript(() => localStorage.setItem("elicitation-playground:theme", "light"));
  const page = await context.newPage();
  const errors = watchErrors(page);
  page.on("dialog", (d) => void d.accept());
  const found: string[] = [];
  const audit = async (state: string, within?: string) => void found.push(...(await axeFindingsInBothThemes(page, state, within)));
  /** On a phone one pane shows at a time: bring `pane` to the front first. */
  const show = async (pane: "Lesson" | "Code" | "Try it") => {
    if (phone) await page.getByRole("tab", { name: pane, exact: true }).click();
  };
  const tab = (name: RegExp) => page.getByRole("tab", { name });

  await page.goto(`${base}/?lesson=${LESSON_9}`);
  await page.locator('[role="radiogroup"][aria-label="Tool"]').waitFor({ state: "attached", timeout: 30_000 });
  await page.locator(".monaco-editor .view-lines").waitFor({ state: "attached", timeout: 30_000 });
  await audit("lesson 9");
  if (phone) {
    await show("Code");
    await page.locator(".monaco-editor .view-lines").waitFor();
    await audit("lesson 9, code pane");
  }
  await show("Try it");
  await page.getByRole("textbox", { name: "id", exact: true }).waitFor();
  await audit("argument form");

  await call(page, { id: "T-404" });
  await callResult(page).waitFor();
  await audit("a call's error");

  await call(page, { id: "T-1" });
  await toolAsks(page).getByRole("combobox", { name: "Priority" }).waitFor();
  await audit("elicitation form");
  await toolAsks(page).getByRole("combobox", { name: "Priority" }).selectOption({ index: 1 });
  await toolAsks(page).getByRole("combobox", { name: "Product area" }).selectOption({ index: 1 });
  await page.getByRole("button", { name: "Accept" }).click();
  await callResult(page).getByTestId("result-text").first().waitFor();
  await audit("a call's result");

  await tab(/Wire/).click();
  await page.getByTestId("wire-call").first().waitFor();
  await audit("wire tab with a call");

  for (const [button, dialog] of [
    [/^Server$/, "Server panel"],
    [/^Connect/, "Connect panel"],
  ] as const) {
    await page.getByRole("button", { name: button }).click();
    await page.getByRole("dialog").waitFor();
    await audit(dialog);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
  }

  const files = await starterFiles(base, LESSON_6);
  const testFile = Object.keys(files).find((f) => f.endsWith(".test.ts"))!;
  files[testFile] += FAILING_TEST;
  await page.goto(`${base}/?lesson=${LESSON_6}${shareHash(LESSON_6, files)}`);
  await page.locator('[role="radiogroup"][aria-label="Tool"]').waitFor({ state: "attached", timeout: 30_000 });
  await show("Try it");
  await tab(/Tests/).click();
  await page.getByRole("button", { name: /Run tests/ }).click();
  await page.locator('[data-testid="test-result"][data-status="failed"]').first().waitFor({ timeout: 60_000 });
  await audit("tests tab after a failing run");

  await pickLesson(page, C1);
  await show("Try it");
  await tab(/Tests/).click();
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await page.getByTestId("check-results").getByTestId("check").first().waitFor({ timeout: 60_000 });
  await audit("hidden checks after Check");

  await show("Lesson");
  for (const id of await lessonIds(base)) {
    await pickLesson(page, id);
    await audit(`lesson ${id}`, '[data-pane="lesson"]');
  }

  expect(errors).toEqual([]);
  expect(found).toEqual([]);
  await context.close();
}
