// Nothing typed is lost: reload keeps the draft, a share link carries the files to a fresh
// browser, and a backend restart mid-lesson is invisible to the learner.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { call, callResult, endOfEditor, newContext, openLesson, sharedBrowser, typeAtEnd } from "./support/browser";
import { startBackend, freePort } from "./support/backend";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

/** True once a saved draft in localStorage holds `text`. */
function draftSaved(page: Page, text: string): Promise<boolean> {
  return page.evaluate((t) => Object.keys(localStorage).some((k) => localStorage.getItem(k)?.includes(t)), text);
}

test("reload keeps the draft, and the menu marks the lesson as edited", async () => {
  const page = await (await newContext(browser())).newPage();
  await openLesson(page, base, "02-asking-with-elicit");
  await typeAtEnd(page, "\n// draft survives reload 7");
  // The draft is written after a pause in typing: wait until it is in localStorage, not for a fixed time.
  await expect.poll(() => draftSaved(page, "draft survives reload 7"), { timeout: 10_000 }).toBe(true);
  await page.reload();
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor();
  await expect.poll(async () => (await endOfEditor(page)).replace(/\s+/g, " "), { timeout: 10_000 }).toContain("draft survives reload 7");
  await expect(page.getByRole("combobox", { name: "Lesson" }).locator("option:checked").innerText()).resolves.toContain("(edited)");
  // Reset returns to the starter files.
  page.once("dialog", (d) => void d.accept());
  await page.locator("summary", { hasText: "Reset ▾" }).click();
  await page.getByRole("menuitem", { name: /^Reset code/ }).click();
  await expect.poll(() => endOfEditor(page), { timeout: 10_000 }).not.toContain("draft survives reload 7");
  await expect.poll(() => draftSaved(page, "draft survives reload 7"), { timeout: 10_000 }).toBe(false);
});

test("the share link opens the same files in a fresh browser context", async () => {
  const page = await (await newContext(browser())).newPage();
  await openLesson(page, base, "03-asking-for-a-missing-detail");
  await typeAtEnd(page, "\n// shared edit 31");
  await page.keyboard.press("Control+s");
  await expect.poll(() => page.url()).toContain("#project=");
  const link = page.url();

  const other = await (await newContext(browser())).newPage();
  await other.goto(link);
  await other.getByRole("radiogroup", { name: "Tool" }).waitFor();
  await expect(other.getByText("from a share link").isVisible()).resolves.toBe(true);
  expect((await endOfEditor(other)).replace(/\s+/g, " ")).toContain("shared edit 31");
});

test("stopping and restarting the backend mid-lesson loses nothing", async () => {
  const port = await freePort();
  let backend = await startBackend(port, { build: false });
  try {
    const own = `http://127.0.0.1:${port}`;
    const page = await (await newContext(browser())).newPage();
    await openLesson(page, own, "01-acts-without-asking");
    await typeAtEnd(page, "\n// kept across restarts 99");
    await call(page, { id: "T-1" });
    await callResult(page).waitFor();

    await backend.stop();
    backend = await startBackend(port, { build: false });

    await page.getByRole("button", { name: /^Call/ }).click();
    // The SPA notices the backend forgot its session and makes a new one with the same files.
    await callResult(page).getByTestId("result-text").first().waitFor({ timeout: 30_000 });
    expect(await page.locator("#panel-call").getByRole("alert").allInnerTexts()).toEqual([]);
    expect((await endOfEditor(page)).replace(/\s+/g, " ")).toContain("kept across restarts 99");
  } finally {
    await backend.stop();
  }
});
