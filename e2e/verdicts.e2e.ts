// Verdicts a learner and a teacher can trust: a lesson ticks from the server's own run of its goal check, shows
// "passed before, broken now" when the code breaks, and the counter counts lessons and challenges; Check says a
// compile error alone, then what a failed check did; the Tests tab and the status bar count the same problems; the
// Hidden checks panel marks a result out of date as soon as the code changes; the teacher's board keeps "passes now" and "broken now" apart. Screenshots go to SHOTS_DIR.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { type EditorChoice, newContext, sharedBrowser, starterFiles, typeAtEnd, watchErrors } from "./support/browser";
import { themedShots } from "./support/shots";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const L5 = "05-ask-first-then-act";
const C5 = "c5-say-what-happened";

beforeAll(async () => {
  // The backend opens its database with the first room: here, under the set-up's time limit rather than a step's.
  const warm = await fetch(`${base}/api/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(warm.status).toBe(201);
});

/** The hidden solution, as a learner who solved it would have typed it (never served). */
function solutionOf(id: string, starter: Record<string, string>): Record<string, string> {
  const dir = fileURLToPath(new URL(`../checks/${id}/solution/`, import.meta.url));
  return { ...starter, ...Object.fromEntries(Object.keys(starter).flatMap((f) => (f.endsWith(".test.ts") ? [] : [[f, readFileSync(dir + f, "utf8")]]))) };
}
const total = async () => ((await (await fetch(`${base}/api/lessons`)).json()) as unknown[]).length;

async function fresh(editor?: EditorChoice): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(browser(), { editor })).newPage();
  page.on("dialog", (d) => void d.accept());
  return { page, errors: watchErrors(page) };
}

/** Opens a lesson with `files` as the learner's draft. */
async function openWith(page: Page, id: string, files?: Record<string, string>) {
  await page.goto(`${base}/?lesson=${id}`);
  if (files) {
    await page.evaluate(
      ([lessonId, f]) => localStorage.setItem(`elicitation-playground:draft:${lessonId}`, JSON.stringify({ v: 1, lessonId, files: f, savedAt: Date.now() })),
      [id, files] as const,
    );
    await page.reload();
  }
  await page.locator("article[aria-label=Lesson] h1").waitFor({ timeout: 30_000 });
}

/** Both themes at 1280 and 390 px wide (on a phone, showing `pane`), when SHOTS_DIR is set. */
const shots = (page: Page, name: string, pane?: "Lesson" | "Try it") =>
  themedShots(page, name, async (width) => {
    if (width === 390 && pane) await page.getByRole("tab", { name: pane, exact: true }).click();
  });

const checkedOption = (page: Page) => page.getByRole("combobox", { name: "Lesson" }).locator("option:checked").innerText();

describe("ticks say what the code does now", () => {
  test("lesson 5: passing starter tests do not tick it; the edit does; breaking the code shows passed before, broken now", async () => {
    const { page, errors } = await fresh();
    const n = await total();
    const starter = await starterFiles(base, L5);
    await openWith(page, L5);
    await page.getByRole("tab", { name: /Tests/ }).click();
    // The verdict asked after the run is the goal check's: the starter still writes history before asking.
    const verdict = page.waitForResponse((r) => r.url().endsWith("/verdict") && r.request().method() === "POST", { timeout: 60_000 });
    await page.getByRole("button", { name: /Run tests/ }).click();
    await page.getByTestId("test-run").waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("test-run").innerText()).toContain("0 failed");
    expect((await (await verdict).json()).passesNow).toBe(false);
    expect(await page.getByTestId("progress-count").innerText()).toMatch(new RegExp(`^0 of ${n}`));
    expect(await checkedOption(page)).not.toMatch(/^✓/);

    await openWith(page, L5, solutionOf(L5, starter));
    await expect.poll(() => page.getByTestId("progress-count").innerText(), { timeout: 30_000 }).toMatch(new RegExp(`^1 of ${n}`));
    expect(await checkedOption(page)).toMatch(/^✓ 5\. /);
    await page.getByTestId("lesson-passed").waitFor();
    await shots(page, "1-lesson-passes-now", "Lesson");

    await typeAtEnd(page, "\nexport const = ;");
    await page.getByTestId("lesson-broken").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("progress-count").innerText()).toMatch(new RegExp(`^0 of ${n}`));
    expect(await checkedOption(page)).toMatch(/^⚠ 5\. .*\(passed before, broken now\)/);
    await shots(page, "1-lesson-broken-now", "Lesson");
    expect(errors).toEqual([]);
  });
});

describe("Check reports what went wrong before any hint, and never goes stale silently", () => {
  test("a compile error alone; then a failed check's calls, expected and received, then its hint; an edit marks it out of date", async () => {
    const { page, errors } = await fresh();
    const starter = await starterFiles(base, C5);
    const tool = Object.keys(starter).find((f) => f.endsWith(".tool.ts") && starter[f].includes("close_ticket"))!;
    await openWith(page, C5, { ...starter, [tool]: starter[tool].replace("async execute(", "async execute((") });
    await page.getByRole("tab", { name: /Tests/ }).click();
    await page.getByRole("button", { name: "Check", exact: true }).click();
    const panel = page.getByTestId("check-results");
    await panel.getByTestId("check-failure").waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId("check-failure").getAttribute("data-kind")).toBe("compile");
    expect(await panel.getByTestId("check-failure").innerText()).toContain(tool);
    expect(await panel.innerText()).not.toContain("Hint:");
    expect(await panel.locator("[data-not-run]").count()).toBe(await panel.getByTestId("check").count());
    await shots(page, "6-check-compile-error", "Try it");

    await openWith(page, C5, starter);
    await page.getByRole("tab", { name: /Tests/ }).click();
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await panel.getByTestId("check-did").first().waitFor({ timeout: 60_000 });
    const failed = panel.locator('[data-testid="check"][data-passed="false"]').first();
    const text = await failed.innerText();
    expect(text).toMatch(/called close_ticket\(\{"id":"T-\d"\}\)/);
    expect(text).toMatch(/answered \{"action":"(decline|cancel)"\}/);
    expect(text).toContain("came back");
    // The hint waits behind its own button, below what the check did; pressed, it shows there.
    expect(text).not.toContain("Hint:");
    expect(text.indexOf("came back")).toBeLessThan(text.indexOf("Show a hint"));
    await failed.getByRole("button", { name: /^Show a hint for / }).click();
    await failed.getByTestId("hint").waitFor({ timeout: 10_000 });
    const shown = await failed.innerText();
    expect(shown.indexOf("came back")).toBeLessThan(shown.indexOf("Hint:"));
    expect(await page.getByTestId("check-stale").count()).toBe(0);
    await shots(page, "6-check-failed-did", "Try it");

    await typeAtEnd(page, "\n// a change");
    await page.getByTestId("check-stale").waitFor({ timeout: 10_000 });
    await shots(page, "7-check-out-of-date", "Try it");
    expect(errors).toEqual([]);
  });
});

describe("the problem counts agree", () => {
  test("the Tests tab and the editor's status bar count one list: compile errors and type errors, each mistake once", async () => {
    // Type errors come from the code editor's type checker, which the plain editor has not.
    const { page, errors } = await fresh("monaco");
    await openWith(page, L5);
    // A syntax error (the compiler and the type checker both see it, on one line) and a type error only the checker sees.
    await typeAtEnd(page, "\nexport const = ;\nconst wrong: number = 'text';");
    const bar = page.getByTestId("problems-toggle");
    await expect.poll(async () => Number(await bar.getAttribute("data-problems")), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await page.getByRole("tab", { name: /Tests/ }).click();
    await page.getByRole("button", { name: /Run tests/ }).click();
    const said = page.getByTestId("tests-compile-error");
    await said.waitFor({ timeout: 60_000 });
    const n = Number(await bar.getAttribute("data-problems"));
    expect(await bar.innerText()).toBe(`Problems (${n})`);
    expect(await said.innerText()).toContain(`Fix the ${n} problems listed under the editor first.`);
    await bar.click();
    expect(await page.locator("[data-testid=problems-toggle] ~ ul li").count()).toBe(n);
    await shots(page, "6-problem-counts", "Try it");
    expect(errors).toEqual([]);
  });
});

describe("the board keeps passes now and broken now apart", () => {
  test("a learner passes lesson 5 from the server's goal check, then breaks it: the teacher sees broken now", async () => {
    const teacher = (await fresh()).page;
    await teacher.goto(base);
    await teacher.getByRole("button", { name: "Start a room" }).click();
    await teacher.getByRole("button", { name: "Start the room" }).click();
    await teacher.getByTestId("room-code").waitFor({ timeout: 30_000 });
    const code = await teacher.getByTestId("room-code").innerText();

    const { page: learner, errors } = await fresh();
    await learner.goto(`${base}/?join=${code}`);
    await learner.getByLabel("Your nickname").fill("Ann");
    await learner.getByRole("button", { name: "Join" }).click();
    await learner.getByTestId("room-badge").waitFor({ timeout: 30_000 });
    await openWith(learner, L5, solutionOf(L5, await starterFiles(base, L5)));
    await learner.getByTestId("lesson-passed").waitFor({ timeout: 30_000 });

    const counts = (what: string) => teacher.getByTestId(`item-${L5}`).getByTestId(`count-${what}`).innerText();
    await expect.poll(() => counts("passes-now"), { timeout: 15_000 }).toBe("1");
    expect(await counts("broken-now")).toBe("0");

    await typeAtEnd(learner, "\nexport const = ;");
    await learner.getByTestId("lesson-broken").waitFor({ timeout: 30_000 });
    await expect.poll(() => counts("broken-now"), { timeout: 15_000 }).toBe("1");
    expect(await counts("passes-now")).toBe("0");
    await teacher.getByTestId(`item-${L5}`).scrollIntoViewIfNeeded();
    await shots(teacher, "3-board-broken-now");
    expect(errors).toEqual([]);
  });
});
