// The learner's way through the course (issue 11): each lesson keeps its own Call, Tests and
// Check state; the Wire tab groups calls by lesson and names the answer keys each round brings;
// lessons are numbered, ticked when passed (across reloads), one click from the next; the three
// resets do what they say; and a finished call becomes a test that passes.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { call, callResult, newContext, openLesson, pickLesson, sharedBrowser, toolAsks, typeAtEnd, watchErrors } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

async function fresh(lessonId: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(browser(), { editor: "monaco" })).newPage();
  const errors = watchErrors(page);
  await openLesson(page, base, lessonId);
  return { page, errors };
}

async function acceptConfirm(page: Page) {
  await toolAsks(page).waitFor();
  await page.getByRole("checkbox", { name: "confirm", exact: true }).check();
  await page.getByRole("button", { name: "Accept" }).click();
}

const resultJson = async (page: Page) => JSON.parse(await callResult(page).getByTestId("result-text").first().innerText());
const tab = (page: Page, name: RegExp) => page.getByRole("tab", { name });
const catalog = async () => (await (await fetch(`${base}/api/lessons`)).json()) as { id: string; kind: "lesson" | "challenge" }[];
const lessonCount = async () => (await catalog()).filter((l) => l.kind === "lesson").length;

describe("11.1: each lesson has its own Call, Tests and Check state", () => {
  test("switching lessons shows the other lesson's own (empty) state, and coming back shows this one's", async () => {
    const { page, errors } = await fresh("02-asking-with-elicit");
    await call(page, { id: "T-1" });
    await acceptConfirm(page);
    await callResult(page).waitFor();
    expect(await resultJson(page)).toMatchObject({ id: "T-1", closed: true });
    await tab(page, /Tests/).click();
    await page.getByRole("button", { name: /Run tests/ }).click();
    await page.getByTestId("test-run").waitFor({ timeout: 60_000 });
    await expect(page.getByTestId("tests-badge").isVisible()).resolves.toBe(true);

    await pickLesson(page, "03-asking-for-a-missing-detail");
    await tab(page, /Call/).click();
    await page.getByRole("radio", { name: /assign_ticket/ }).waitFor();
    expect(await callResult(page).count()).toBe(0);
    expect(await page.getByTestId("tests-badge").count()).toBe(0);
    await tab(page, /Tests/).click();
    expect(await page.getByTestId("test-run").count()).toBe(0);
    await tab(page, /Wire/).click();
    await expect(page.locator("#panel-wire").innerText()).resolves.toContain("Nothing yet in this lesson");
    // The earlier lesson's exchanges are still there, folded under its title, and in the export.
    await expect(page.getByTestId("wire-lesson").first().getAttribute("data-lesson")).resolves.toBe("02-asking-with-elicit");

    await pickLesson(page, "02-asking-with-elicit");
    await tab(page, /Call/).click();
    await callResult(page).waitFor();
    expect(await resultJson(page)).toMatchObject({ id: "T-1", closed: true });
    await expect(page.getByTestId("tests-badge").isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  test("a question left open in one lesson is withdrawn, and the lesson says why when you come back", async () => {
    const { page } = await fresh("02-asking-with-elicit");
    await call(page, { id: "T-2" });
    await toolAsks(page).waitFor();
    await pickLesson(page, "04-on-the-wire");
    expect(await toolAsks(page).count()).toBe(0);
    await pickLesson(page, "02-asking-with-elicit");
    await expect
      .poll(() => page.locator("#panel-call").getByRole("alert").allInnerTexts())
      .toEqual([expect.stringContaining("You opened another lesson while the tool was asking")]);
    expect(await toolAsks(page).count()).toBe(0);
  });

  test("Check reports belong to their challenge: c7 shows nothing of c6's report", async () => {
    const { page } = await fresh("c6-optional-asking");
    await tab(page, /Tests/).click();
    await page.getByRole("button", { name: "Check" }).click();
    await page.getByTestId("check-summary").waitFor({ timeout: 90_000 });
    await pickLesson(page, "c7-write-the-tests");
    await tab(page, /Tests/).click();
    await expect(page.getByTestId("check-results").innerText()).resolves.toContain("Not checked yet");
    expect(await page.getByTestId("check-summary").count()).toBe(0);
  });
});

describe("11.2: the round diff names the keys that went and came", () => {
  test("lesson 4's round 3 drops elicitation-1 and brings elicitation-2; inputResponses itself is not 'removed'", async () => {
    const { page } = await fresh("04-on-the-wire");
    await call(page, { id: "T-1" });
    await acceptConfirm(page);
    await toolAsks(page).getByRole("checkbox", { name: /email/i }).waitFor();
    await page.getByRole("button", { name: "Accept" }).click();
    await callResult(page).waitFor();
    await tab(page, /Wire/).click();
    const rounds = page.locator('[data-testid="wire-exchange"][data-rpc-method="tools/call"]');
    await expect.poll(() => rounds.count()).toBe(3);
    const round3 = await rounds.nth(2).getByTestId("round-diff").innerText();
    expect(round3).toContain("− params.inputResponses.elicitation-1");
    expect(round3).toContain("+ params.inputResponses.elicitation-2");
    expect(round3).toContain("~ params.requestState");
    expect(round3).not.toMatch(/− params\.inputResponses\s*$/m);
    const round2 = await rounds.nth(1).getByTestId("round-diff").innerText();
    expect(round2).toContain("+ params.inputResponses.elicitation-1");
    expect(round2).toContain("+ params.requestState");
  });
});

describe("11.8: progress and navigation", () => {
  test("numbered lessons, Next and Previous, a tick that survives reload, '1 of n' over lessons and challenges", async () => {
    const { page } = await fresh("01-acts-without-asking");
    const n = await lessonCount();
    const all = (await catalog()).length;
    const options = await page.getByRole("combobox", { name: "Lesson" }).locator("option").allInnerTexts();
    expect(options[0]).toMatch(/^1\. /);
    expect(options[n - 1]).toMatch(new RegExp(`^${n}\\. `));
    expect(options.filter((o) => /^C\d+\. /.test(o)).length).toBe((await catalog()).length - n);
    await expect(page.getByTestId("progress-count").innerText()).resolves.toMatch(new RegExp(`^0 of ${all}`));

    await page.getByRole("button", { name: /Next · Lesson 2/ }).click();
    await expect.poll(() => page.locator("article[aria-label=Lesson] h1").innerText()).toContain("elicit");
    await page.getByRole("button", { name: /Previous · Lesson 1/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("lesson")).toBe("01-acts-without-asking");

    // Lesson 1 ticks on its step, served by the server: the call made.
    await call(page, { id: "T-1" });
    await callResult(page).waitFor();
    await expect.poll(() => page.getByTestId("progress-count").innerText()).toMatch(new RegExp(`^1 of ${all}`));
    await page.reload();
    await page.getByRole("radiogroup", { name: "Tool" }).waitFor();
    await expect(page.getByTestId("progress-count").innerText()).resolves.toMatch(new RegExp(`^1 of ${all}`));
    // The badge comes with the lesson's text, which may draw after the Call tab: wait for it, not for a frame.
    await page.getByTestId("lesson-passed").waitFor({ timeout: 30_000 });
    expect(await page.getByRole("combobox", { name: "Lesson" }).locator("option:checked").innerText()).toMatch(/^✓ 1\. /);
  });

  test("Reset data restarts the tickets and keeps the code; Changes shows the edit; Reset all asks, then clears drafts and ticks", async () => {
    const { page } = await fresh("06-testing-a-tool-that-asks");
    await typeAtEnd(page, "\n// my note 42");
    await page.getByRole("radio", { name: /^close_ticket/ }).check();
    await call(page, { id: "T-1" });
    await acceptConfirm(page);
    await callResult(page).waitFor();
    await page.getByRole("radio", { name: /get_ticket/ }).check();
    await call(page, { id: "T-1" });
    await expect.poll(async () => (await resultJson(page)).status).toBe("closed");

    await page.locator("summary", { hasText: "Reset ▾" }).click();
    await page.getByRole("menuitem", { name: /^Reset data/ }).click();
    await page.getByText("data is back to its start").waitFor();
    await call(page, { id: "T-1" });
    await expect.poll(async () => (await resultJson(page)).status).toBe("open");

    await page.getByRole("button", { name: /^Changes/ }).click();
    const changed = page.getByTestId("starter-diff-file");
    await expect(changed.first().innerText()).resolves.toContain("+ // my note 42");
    await page.keyboard.press("Escape");

    // Reset all asks first: dismissing keeps everything.
    page.once("dialog", (d) => void d.dismiss());
    await page.locator("summary", { hasText: "Reset ▾" }).click();
    await page.getByRole("menuitem", { name: /^Reset all lessons/ }).click();
    await expect(page.getByRole("combobox", { name: "Lesson" }).locator("option:checked").innerText()).resolves.toContain("(edited)");
    page.once("dialog", (d) => void d.accept());
    await page.locator("summary", { hasText: "Reset ▾" }).click();
    await page.getByRole("menuitem", { name: /^Reset all lessons/ }).click();
    await expect.poll(() => page.getByRole("combobox", { name: "Lesson" }).locator("option:checked").innerText()).not.toContain("(edited)");
    await expect(page.getByTestId("progress-count").innerText()).resolves.toMatch(new RegExp(`^0 of ${(await catalog()).length}`));
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(":draft:")))).toEqual([]);
  });
});

describe("11.11: Make this a test", () => {
  test("a finished call becomes a *.test.ts that opens in the editor and passes", async () => {
    const { page } = await fresh("05-ask-first-then-act");
    await call(page, { id: "T-2" });
    await acceptConfirm(page);
    await callResult(page).waitFor();
    await page.getByRole("button", { name: "Make this a test" }).click();
    const fileTab = page.getByRole("tab", { name: "close-ticket.replay.test.ts" });
    await fileTab.waitFor();
    await expect(fileTab.getAttribute("aria-selected")).resolves.toBe("true");
    await expect.poll(() => page.locator(".monaco-editor .view-lines").innerText()).toContain("onElicitation");

    await tab(page, /Tests/).click();
    await page.getByRole("button", { name: /Run tests/ }).click();
    await page.getByTestId("test-run").waitFor({ timeout: 60_000 });
    const replay = page.locator('xpath=//h3[text()="close-ticket.replay.test.ts"]/following-sibling::ul/li[@data-testid="test-result"]');
    await expect.poll(() => replay.count()).toBe(1);
    await expect(replay.first().getAttribute("data-status")).resolves.toBe("passed");
  });
});

describe("11.10: a client UI an MCP developer expects", () => {
  test("raw JSON arguments send a wrong type on purpose; earlier calls stay listed and compare with the latest", async () => {
    const { page } = await fresh("01-acts-without-asking");
    await call(page, { id: "T-1" });
    await callResult(page).waitFor();
    await page.getByRole("button", { name: "Raw JSON" }).click();
    await page.getByRole("textbox", { name: "Arguments (JSON)" }).fill('{ "id": 42 }');
    await page.getByRole("button", { name: /^Call/ }).click();
    await expect.poll(() => callResult(page).innerText()).toMatch(/INVALID|invalid|expected string/i);
    const history = page.getByTestId("call-history");
    await history.getByRole("checkbox").first().check();
    await expect(page.getByTestId("call-compare").innerText()).resolves.toContain("Latest");
  });
});
