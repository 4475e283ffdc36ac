// Issue 9.8, no learner work is lost in the page: a share link that meets a draft asks (both
// versions kept); two tabs on one lesson know about each other and the later one offers the
// newer text; an answer that cannot reach the tool says so, and why. Also the page side of 9.2:
// a result with 200,000 keys shows a preview with "show all" instead of freezing the page.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { call, callResult, endOfEditor, newContext, openLesson, sharedBrowser, shareHash, toolAsks, typeAtEnd, watchErrors } from "./support/browser";
import { freePort, startBackend } from "./support/backend";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

const editorText = async (page: Page) => (await endOfEditor(page)).replace(/\s+/g, " ");

test("a share link for a lesson with a draft asks; the version not chosen is kept aside and can be swapped back", async () => {
  const context = await newContext(browser());
  const page = await context.newPage();
  await openLesson(page, base, "03-asking-for-a-missing-detail");
  await typeAtEnd(page, "\n// my own draft 17");
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("elicitation-playground:draft:03-asking-for-a-missing-detail") ?? ""))
    .toContain("my own draft 17");

  const lesson = (await (await fetch(`${base}/api/lessons/03-asking-for-a-missing-detail`)).json()) as { files: Record<string, string> };
  const sharedFiles = Object.fromEntries(Object.entries(lesson.files).map(([k, v]) => [k, k.endsWith(".tool.ts") ? `${v}\n// from the link 23\n` : v]));
  await page.goto(`${base}/?lesson=03-asking-for-a-missing-detail${shareHash("03-asking-for-a-missing-detail", sharedFiles)}`);
  const dialog = page.getByRole("dialog", { name: /This link carries other code/ });
  await dialog.waitFor();
  // Until the person chooses, their draft stays as it was.
  expect(await page.evaluate(() => localStorage.getItem("elicitation-playground:draft:03-asking-for-a-missing-detail"))).toContain("my own draft 17");
  await dialog.getByRole("button", { name: "Open the shared one" }).click();
  await expect.poll(() => editorText(page)).toContain("from the link 23");
  const aside = page.getByTestId("aside-notice");
  await expect(aside.innerText()).resolves.toContain("your earlier draft");

  await aside.getByRole("button", { name: "Swap it in" }).click();
  await expect.poll(() => editorText(page)).toContain("my own draft 17");
  await expect(page.getByTestId("aside-notice").innerText()).resolves.toContain("the shared code");
  // And the draft that reloads is the one on screen.
  await page.waitForTimeout(400);
  await page.goto(`${base}/?lesson=03-asking-for-a-missing-detail`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor();
  await expect.poll(() => editorText(page)).toContain("my own draft 17");
  await context.close();
});

test("two tabs on one lesson: each knows of the other, and the later one offers the newer text", async () => {
  const context = await newContext(browser());
  const first = await context.newPage();
  await openLesson(first, base, "05-ask-first-then-act");
  const second = await context.newPage();
  await openLesson(second, base, "05-ask-first-then-act");
  await first.getByTestId("other-tabs").waitFor();
  await second.getByTestId("other-tabs").waitFor();

  await typeAtEnd(first, "\n// typed in the first tab 58");
  const offer = second.getByTestId("newer-elsewhere");
  await offer.waitFor();
  // Typing goes out as it is saved, so on a busy machine the offer may first come for part of the line: the
  // learner loads again whenever a newer text is offered, until the whole line is there.
  await expect
    .poll(async () => {
      if (await offer.count()) await offer.getByRole("button", { name: "Load the newer code" }).click();
      return editorText(second);
    })
    .toContain("typed in the first tab 58");
  expect(await offer.count()).toBe(0);
  await context.close();
});

test("an answer the server can no longer take (it restarted while the form was open) is reported, not dropped", async () => {
  const port = await freePort();
  let backend = await startBackend(port, { build: false });
  try {
    const page = await (await newContext(browser())).newPage();
    await openLesson(page, `http://127.0.0.1:${port}`, "02-asking-with-elicit");
    await call(page, { id: "T-1" });
    await toolAsks(page).waitFor();
    await backend.stop();
    backend = await startBackend(port, { build: false });
    await page.getByRole("checkbox", { name: "confirm", exact: true }).check();
    await page.getByRole("button", { name: "Accept" }).click();
    await expect
      .poll(() => page.locator("#panel-call").getByRole("alert").allInnerTexts())
      .toEqual([expect.stringContaining("Your answer could not be delivered")]);
    // The page made a new session behind the scenes: the next call works.
    await page.getByRole("button", { name: /^Call/ }).click();
    await toolAsks(page).waitFor({ timeout: 30_000 });
  } finally {
    await backend.stop();
  }
});

// 40,000 keys: as large as a result gets under the server's default result cap (MAX_RESULT_KB, 1 MB; the result
// travels as structured content and as its JSON text).
test("a result with 40,000 keys shows a preview and 'show all', and the page keeps answering", async () => {
  const page = await (await newContext(browser())).newPage();
  const errors = watchErrors(page);
  const tool = `import { Tool, ToolContext, z } from "@frontmcp/sdk";

@Tool({ name: "big_result", description: "Returns a very large object", inputSchema: {} })
export class BigResult extends ToolContext {
  async execute() {
    // Built with native calls only (no 40,000-step loop in the interpreter), so a loaded machine cannot time it out.
    const ids = Object.keys(new Array(40000).fill(0));
    return JSON.parse('{"k' + ids.join('":1,"k') + '":1}') as Record<string, number>;
  }
}
`;
  await page.goto(`${base}/?lesson=01-acts-without-asking${shareHash("01-acts-without-asking", { "big-result.tool.ts": tool })}`);
  await page.getByRole("radio", { name: /big_result/ }).waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: /^Call/ }).click();
  await callResult(page).waitFor({ timeout: 60_000 });
  const outcome = callResult(page);
  // The tree shows a page of entries, not 40,000 rows.
  await outcome.getByTestId("json-large").first().waitFor();
  expect(await outcome.locator("[data-path]").count()).toBeLessThan(500);
  // The page still answers: a click on another tab is handled.
  await page.getByRole("tab", { name: /Wire/ }).click();
  await page.getByRole("tab", { name: /Call/ }).click();
  await outcome.getByTestId("json-large").first().getByTestId("show-all").click();
  const full = outcome.getByTestId("full-text").first();
  await full.waitFor();
  const text = await full.inputValue();
  expect(text).toMatch(/"k39999": ?1\b/);
  expect(errors).toEqual([]);
});
