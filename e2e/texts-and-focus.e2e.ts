// Texts and focus (issue 23, point 9): the editor is one Tab stop that Tab moves past; Enter on it (or a click) goes
// in, where Tab indents, and Esc or Ctrl+M leaves for the next control, as a visible line says; every lesson and
// challenge opens at its top; the Connect panel says what a client needs beyond its snippet. Screenshots of the
// editor's stop go to SHOTS_DIR.
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { axNames } from "./support/ax-tree";
import { newContext, sharedBrowser, watchErrors } from "./support/browser";
import { focusIsIn } from "./support/keyboard";
import { themedShots } from "./support/shots";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName);
const edited = (page: Page) => page.getByRole("button", { name: /^Changes/ }).isEnabled();

async function lesson2(page: Page) {
  await page.goto(`${base}/?lesson=02-asking-with-elicit`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
}

test("the editor is one Tab stop: Tab moves past it, Enter goes in where Tab indents, Esc or Ctrl+M leaves", async () => {
  const page = await (await newContext(browser(), { editor: "monaco" })).newPage();
  const errors = watchErrors(page);
  await lesson2(page);
  await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 30_000 });

  // From the top of the page, Tab reaches the editor's stop and never its text.
  for (let i = 0; i < 60 && (await focused(page)) !== "editor-stop"; i++) {
    await page.keyboard.press("Tab");
    expect(await focusIsIn(page, ".monaco-editor")).toBe(false);
  }
  expect(await focused(page)).toBe("editor-stop");
  const hint = page.getByTestId("editor-keys-hint");
  expect(await hint.isVisible()).toBe(true);
  expect(await hint.innerText()).toContain("Esc or Ctrl+M leaves");
  expect(await page.getByTestId("editor-stop").getAttribute("aria-describedby")).toBe(await hint.getAttribute("id"));
  await themedShots(page, "9-editor-stop", async (width) => {
    if (width === 390) await page.getByRole("tab", { name: "Code", exact: true }).click();
    await page.getByTestId("editor-stop").focus();
  });
  await page.getByTestId("editor-stop").focus();

  // The next Tab moves past the editor to the control after it.
  await page.keyboard.press("Tab");
  expect(await focused(page)).toBe("problems-toggle");
  await page.keyboard.press("Shift+Tab");
  expect(await focused(page)).toBe("editor-stop");

  // Enter goes in (and types nothing); there Tab indents and focus stays.
  await page.keyboard.press("Enter");
  await expect.poll(() => focusIsIn(page, ".monaco-editor")).toBe(true);
  expect(await edited(page)).toBe(false);
  expect((await axNames(page, "textbox")).some((n) => n.includes("Esc or Ctrl+M leaves the editor"))).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-describedby"))).toBe(await hint.getAttribute("id"));
  await page.keyboard.press("Tab");
  expect(await focusIsIn(page, ".monaco-editor")).toBe(true);
  await expect.poll(() => edited(page)).toBe(true);

  // Esc first closes the editor's own suggestions, then leaves for the next control.
  await page.keyboard.press("Control+Space");
  await page.locator(".monaco-editor .suggest-widget.visible").waitFor({ timeout: 15_000 });
  await page.keyboard.press("Escape");
  await page
    .locator(".monaco-editor .suggest-widget.visible")
    .waitFor({ state: "detached", timeout: 5_000 })
    .catch(() => undefined);
  expect(await page.locator(".monaco-editor .suggest-widget.visible").count()).toBe(0);
  expect(await focusIsIn(page, ".monaco-editor")).toBe(true);
  await page.keyboard.press("Escape");
  expect(await focused(page)).toBe("problems-toggle");

  // A click goes in too; Ctrl+M leaves the same way.
  await page.locator(".monaco-editor .view-lines").click();
  expect(await focusIsIn(page, ".monaco-editor")).toBe(true);
  await page.keyboard.press("Control+M");
  expect(await focused(page)).toBe("problems-toggle");
  expect(errors).toEqual([]);
});

/** The scroll position of the pane showing the lesson, and of the page. */
const lessonScroll = (page: Page) =>
  page.evaluate(() => {
    const pane = document.querySelector("article[aria-label=Lesson]")?.closest("[data-pane=lesson]");
    const scroller = [pane, ...(pane?.querySelectorAll("*") ?? [])].find(
      (el) => el && el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY === "auto",
    );
    return { pane: scroller?.scrollTop ?? 0, page: window.scrollY };
  });

for (const width of [1280, 390]) {
  test(`every lesson and challenge opens at its top, reached by Next from the bottom of the one before (${width} px)`, async () => {
    const page = await (await newContext(browser())).newPage();
    await page.setViewportSize({ width, height: 800 });
    const items = (await (await fetch(`${base}/api/lessons`)).json()) as { id: string; title: string }[];
    await page.goto(`${base}/?lesson=${items[0].id}`);
    const title = page.locator("article[aria-label=Lesson] h1");
    await title.waitFor({ timeout: 30_000 });
    if (width === 390) await page.getByRole("tab", { name: "Lesson", exact: true }).click();
    for (const [i, item] of items.entries()) {
      await expect.poll(() => title.innerText(), { timeout: 30_000 }).toBe(item.title);
      expect(await lessonScroll(page), item.id).toEqual({ pane: 0, page: 0 });
      const next = page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: /^Next/ });
      if (i === items.length - 1) break;
      await next.scrollIntoViewIfNeeded();
      if (item.id === items[0].id) expect((await lessonScroll(page)).pane).toBeGreaterThan(0);
      await next.click();
    }
  }, 300_000);
}

test("the Connect panel says what the MCP Inspector and Claude Code need beyond their snippets", async () => {
  const page = await (await newContext(browser())).newPage();
  await lesson2(page);
  await page.getByRole("button", { name: "Connect a client" }).click();
  const panel = page.getByRole("dialog", { name: "Connect a real client" });
  await panel.waitFor();
  const text = await panel.innerText();
  expect(text).toContain("Needs Node 22.19 or later");
  expect(text).toMatch(
    /Claude Code asks you to approve a project's \.mcp\.json before it connects; until then `?claude mcp list`? shows the server as pending/,
  );
});
