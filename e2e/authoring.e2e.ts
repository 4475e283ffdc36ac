// A teacher brings their own challenge: from the teacher page, New challenge; a copy of c1 with its text and one check
// changed; saved and refused while the solution fails, then published; added to the room, where two learners check
// it (one right, one wrong) and the board shows both; exported and imported back the same. axe on the author page in
// both themes, wide and on a phone, with screenshots of each.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { axeFindings } from "./support/axe";
import { type EditorChoice, endOfEditor, pickLesson, pressCheck, sharedBrowser, shippedChallenge, themedPage, typeAtEnd, watchErrors } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
/** The author page's code editor chunk: the teacher's first visit does without it, as on a network that drops it. */
const AUTHOR_EDITOR_CHUNK = /\/assets\/AuthorCodeEditor[-.][^/]*\.js$/;
const SHOTS = process.env.AUTHOR_SHOTS ?? fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
const browser = sharedBrowser();
const C1 = "c1-confirm-before-deleting";
const OLD_CHECK = "Fails without asking for an unknown ticket";
const NEW_CHECK = "Refuses an unknown ticket without asking anybody";
const TEXT = "# Challenge: confirm before closing\n\nOur help desk's own rule: **ask first**, then delete. <b>Markup</b> shows as text.\n";

const contexts: BrowserContext[] = [];
const errors: string[][] = [];
let teacher: Page;
let learners: Page[] = [];
let code = "";
let challengeId = "";
let starter: Record<string, string> = {};
let solution: Record<string, string> = {};

async function page(editor?: EditorChoice): Promise<Page> {
  const p = await themedPage(browser(), contexts, false, editor);
  errors.push(watchErrors(p));
  return p;
}

/** The textarea of the file a part's editor shows. */
const fileText = (p: Page, label: string) => p.getByLabel(new RegExp(`^${label}: `));

/** Saves (or with Run checks, proves without saving), and waits for the fairness proof's answer to say `status`. */
async function save(p: Page, status: "Draft" | "Published" | "Not saved", button = "Save and prove fair"): Promise<void> {
  await p.getByRole("button", { name: button }).click();
  await expect
    .poll(
      () =>
        p
          .getByTestId("challenge-status")
          .innerText()
          .catch(() => ""),
      { timeout: 60_000 },
    )
    .toBe(status);
  await p.getByRole("button", { name: button }).waitFor();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const warm = await fetch(`${base}/api/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(warm.status).toBe(201);
  ({ starter, solution } = await shippedChallenge(base, C1));
});
afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe("a teacher's own challenge", () => {
  test("copied from c1 with new text and one check changed, refused while its solution fails, then published", async () => {
    teacher = await page("monaco");
    await teacher.route(AUTHOR_EDITOR_CHUNK, (route) => route.abort());
    await teacher.goto(base);
    await teacher.getByRole("button", { name: "Start a room" }).click();
    await teacher.getByLabel("Room name (optional)").fill("Our own challenges");
    await teacher.getByRole("button", { name: "Start the room" }).click();
    await teacher.getByTestId("room-code").waitFor({ timeout: 30_000 });
    code = await teacher.getByTestId("room-code").innerText();
    await teacher.getByRole("link", { name: "New challenge" }).click();
    await teacher.getByRole("heading", { name: "New challenge" }).waitFor({ timeout: 30_000 });

    await teacher.getByLabel("A copy of a shipped challenge").selectOption(C1);
    await teacher.getByRole("button", { name: "Copy", exact: true }).click();
    await expect.poll(() => teacher.getByLabel("Title", { exact: true }).inputValue()).toBe("Challenge: confirm before deleting (copy)");
    await teacher.getByLabel("Title", { exact: true }).fill("Challenge: confirm before closing");
    await teacher.getByLabel("Text (Markdown, as lessons use it)").fill(TEXT);
    const preview = teacher.getByTestId("preview");
    await expect.poll(() => preview.innerText()).toContain("<b>Markup</b> shows as text.");
    expect(await preview.locator("strong").innerText()).toBe("ask first");
    expect(await preview.locator("b").count()).toBe(0);
    // As the lesson page shows it: the title on top, the text's own first heading left out.
    expect(await preview.innerText()).toMatch(/^Challenge: confirm before closing\n+Our help desk's own rule/);

    await teacher.getByRole("tab", { name: "Hidden checks" }).click();
    const checks = fileText(teacher, "Checks");
    await checks.fill((await checks.inputValue()).replace(OLD_CHECK, NEW_CHECK));
    await teacher.getByRole("tab", { name: "Hints" }).click();
    await teacher.getByLabel(`Hint for “${NEW_CHECK}”`).fill("Look the ticket up first; when it is missing, fail before you ask.");

    // A solution that fails: the starter's code.
    await teacher.getByRole("tab", { name: "Solution" }).click();
    await fileText(teacher, "Solution").fill(Object.values(starter)[0]);
    // Run checks proves the files as they are, saving nothing: no challenge id is kept yet.
    await save(teacher, "Not saved", "Run checks");
    const refusals = teacher.getByTestId("refusals");
    expect(await refusals.locator("li").first().getAttribute("data-rule")).toBe("solution-passes");
    expect(await teacher.evaluate(() => localStorage.getItem("elicitation-playground:author-keys"))).toBeNull();
    await shoot(teacher, "author-run-checks-light-1280");
    await save(teacher, "Draft");
    expect(await refusals.locator("li").first().getAttribute("data-rule")).toBe("solution-passes");
    expect(await refusals.innerText()).toMatch(/The reference solution fails/);
    await shoot(teacher, "author-refused-light-1280");

    await fileText(teacher, "Solution").fill(Object.values(solution)[0]);
    await save(teacher, "Published");
    challengeId = await teacher.evaluate(() => Object.keys(JSON.parse(localStorage.getItem("elicitation-playground:author-keys") ?? "{}"))[0]);
    expect(challengeId).toMatch(/^a-/);
    await teacher.getByRole("button", { name: `Add to room ${code}` }).click();
    await teacher.getByText(`Added to room ${code}`).waitFor();
  });

  test("without the code editor's chunk the plain field did the work; Try again brings the learners' editor", async () => {
    await teacher.getByRole("tab", { name: "Hidden checks" }).click();
    await teacher.getByText("The code editor did not load").waitFor();
    await teacher.unroute(AUTHOR_EDITOR_CHUNK);
    await teacher.getByRole("button", { name: "Try again" }).click();
    await teacher.locator('[data-testid="author-monaco"] .monaco-editor').waitFor({ timeout: 60_000 });
    // The checks as saved, the changed one included, now in the editor, with no type error marked.
    await expect.poll(() => teacher.locator(".monaco-editor .view-lines").innerText()).toContain("import");
    expect(await teacher.locator(".monaco-editor .squiggly-error").count()).toBe(0);
  });

  // One test per theme, as in a11y-rooms.e2e.ts: each audit's time counts against its own theme's test only.
  for (const theme of ["light", "dark"] as const) {
    test(`on the author page: no axe violation in the ${theme} theme, wide and on a phone`, async () => {
      if (theme === "dark") await teacher.getByRole("button", { name: "Dark theme" }).click();
      await teacher.getByRole("tab", { name: "Hidden checks" }).click();
      await teacher.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
      const found = await axeFindings(teacher, `author page, ${theme}`);
      await shoot(teacher, `author-${theme}-1280`);
      await shootCode(teacher, `author-code-${theme}-1280`);
      await teacher.setViewportSize({ width: 390, height: 844 });
      await teacher.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
      found.push(...(await axeFindings(teacher, `author page, ${theme}, 390 px`)));
      await shoot(teacher, `author-${theme}-390`);
      await shootCode(teacher, `author-code-${theme}-390`);
      await teacher.setViewportSize({ width: 1280, height: 800 });
      if (theme === "dark") await teacher.getByRole("button", { name: "Light theme" }).click();
      expect(found).toEqual([]);
    });
  }

  test("by keyboard alone: from the top of the page through the text fields to Save, and the proof's answer gets focus", async () => {
    await teacher.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await teacher.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      // A text field takes Tab as an indent; Escape first lets the next Tab leave it, as the page says. The code
      // editor is one Tab stop: Tab moves past it without going in.
      if (await teacher.evaluate(() => document.activeElement?.tagName === "TEXTAREA")) await teacher.keyboard.press("Escape");
      await teacher.keyboard.press("Tab");
      reached = await teacher.evaluate(() => document.activeElement?.textContent === "Save and prove fair");
    }
    expect(reached).toBe(true);
    await teacher.keyboard.press("Enter");
    await expect.poll(() => teacher.evaluate(() => document.activeElement?.id), { timeout: 60_000 }).toBe("proof-title");
    expect(await teacher.getByTestId("challenge-status").innerText()).toBe("Published");
  });

  test("two learners check it in the room, one right and one wrong, and the board shows them", async () => {
    await teacher.getByRole("link", { name: `Back to room ${code}` }).click();
    await teacher.getByTestId(`item-${challengeId}`).waitFor({ timeout: 30_000 });
    learners = [await page(), await page()];
    for (const [i, p] of learners.entries()) {
      await p.goto(`${base}/?join=${code}`);
      await p.getByLabel("Your nickname").fill(["Ana", "Bo"][i]);
      await p.getByRole("button", { name: "Join" }).click();
      await p.getByTestId("room-badge").waitFor({ timeout: 30_000 });
      await p.getByRole("button", { name: "I have kept it" }).click();
    }
    // Ana's draft holds the right code; Bo keeps the starter.
    await learners[0].evaluate(
      ([id, files]) => localStorage.setItem(`elicitation-playground:draft:${id}`, JSON.stringify({ v: 1, lessonId: id, files, savedAt: Date.now() })),
      [challengeId, solution] as const,
    );
    for (const p of learners) {
      await p.getByRole("option", { name: "Challenge: confirm before closing" }).waitFor({ state: "attached", timeout: 30_000 });
      await pickLesson(p, challengeId);
      expect(await p.locator("article[aria-label=Lesson]").innerText()).toContain("<b>Markup</b> shows as text.");
    }
    const [right, wrong] = [await pressCheck(learners[0]), await pressCheck(learners[1])];
    expect(right.every((c) => c.passed)).toBe(true);
    expect(wrong.some((c) => !c.passed)).toBe(true);
    expect(right.map((c) => c.name).join("\n")).toContain(NEW_CHECK);

    const item = teacher.getByTestId(`item-${challengeId}`);
    const count = async (what: string) => Number(await item.getByTestId(`count-${what}`).innerText());
    await expect.poll(() => count("passes-now"), { timeout: 10_000 }).toBe(1);
    expect(await count("tried")).toBe(2);
    for (const list of errors) expect(list).toEqual([]);
  });

  test("a learner reloads on the room's challenge and is still on it, with their draft; an unknown id says so", async () => {
    const [ana, bo] = learners;
    const title = "Challenge: confirm before closing";
    await typeAtEnd(ana, "\n// kept across a reload\n");
    const draftKey = `elicitation-playground:draft:${challengeId}`;
    await expect.poll(() => ana.evaluate((k) => localStorage.getItem(k) ?? "", draftKey), { timeout: 30_000 }).toContain("kept across a reload");
    expect(new URL(ana.url()).searchParams.get("lesson")).toBe(challengeId);
    await ana.reload();
    const heading = (p: Page) =>
      p
        .locator("article[aria-label=Lesson] h1")
        .innerText()
        .catch(() => "");
    await expect.poll(() => heading(ana), { timeout: 30_000 }).toBe(title);
    // Monaco wraps long lines in a narrow pane: compare the words, not the line breaks.
    expect((await endOfEditor(ana)).replace(/\s+/g, " ")).toContain("kept across a reload");

    // Every lesson heading the page shows from its first frame: the course's first lesson must not flash in before
    // the room's challenge arrives.
    await bo.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector("article[aria-label=Lesson] h1")?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await bo.goto(`${base}/?lesson=a-no-such-challenge`);
    const missing = bo.getByTestId("missing-lesson");
    await missing.waitFor({ timeout: 30_000 });
    expect(await missing.innerText()).toContain("no lesson “a-no-such-challenge” in the course or in your room");
    // Not lesson 1 in silence: the last one Bo opened here, the room's challenge, with the notice above it.
    await expect.poll(() => heading(bo), { timeout: 30_000 }).toBe(title);
    expect(await bo.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen)).toEqual([title]);
    await missing.getByRole("button", { name: "Dismiss" }).click();
    await missing.waitFor({ state: "detached" });
  });

  test("exported and imported back, it is the same challenge", async () => {
    const key = await teacher.evaluate((id) => JSON.parse(localStorage.getItem("elicitation-playground:author-keys") ?? "{}")[id].authorKey, challengeId);
    const zip = await (await fetch(`${base}/api/challenges/${challengeId}/export`, { headers: { authorization: `Bearer ${key}` } })).arrayBuffer();
    const imported = await fetch(`${base}/api/challenges/import`, { method: "POST", headers: { "content-type": "application/zip" }, body: zip });
    expect(imported.status).toBe(201);
    const again = (await imported.json()) as { id: string; authorKey: string; status: string };
    expect(again.status).toBe("published");
    const read = async (id: string, k: string) => {
      const {
        id: _,
        updatedAt: __,
        proof: ___,
        ...content
      } = await (await fetch(`${base}/api/challenges/${id}`, { headers: { authorization: `Bearer ${k}` } })).json();
      return content;
    };
    const original = await read(challengeId, key);
    expect(original.text).toBe(TEXT);
    expect(await read(again.id, again.authorKey)).toEqual(original);
  });

  test("starts as well from lesson 13's official-SDK project as from lesson 1's FrontMCP one, types known to the editor", async () => {
    await teacher.getByRole("link", { name: "New challenge" }).click();
    await teacher.getByRole("heading", { name: "New challenge" }).waitFor({ timeout: 30_000 });
    await teacher.getByRole("button", { name: "Lesson 13's project (official SDK)" }).click();
    await teacher.getByRole("button", { name: "src/server.ts" }).click();
    // The official SDK's declarations arrive as for a learner's lesson 13: its imports are not marked.
    await teacher.locator('[data-testid="author-monaco"][data-declarations~="sdk1"]').waitFor({ timeout: 60_000 });
    const code = teacher.locator(".monaco-editor .view-lines");
    await expect.poll(() => code.innerText()).toContain("@modelcontextprotocol/sdk");
    await expect.poll(() => teacher.locator(".monaco-editor .squiggly-error").count(), { timeout: 30_000 }).toBe(0);
    await teacher.getByRole("button", { name: "Lesson 1's project (FrontMCP)" }).click();
    await teacher.getByRole("button", { name: "close-ticket.tool.ts" }).click();
    await expect.poll(() => code.innerText()).toContain("@frontmcp/sdk");

    // A check with a type error is marked, as in a learner's editor; the learners' keys leave it: Ctrl+M, and Esc.
    await teacher.getByRole("tab", { name: "Hidden checks" }).click();
    await typeAtEnd(teacher, '\nconst wrong: number = "text";\n');
    await expect.poll(() => teacher.locator(".monaco-editor .squiggly-error").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const inEditor = () => teacher.evaluate(() => Boolean(document.activeElement?.closest(".monaco-editor")));
    await teacher.keyboard.press("Control+M");
    await expect.poll(inEditor).toBe(false);
    await teacher.getByTestId("editor-stop").focus();
    await teacher.keyboard.press("Enter");
    await expect.poll(inEditor).toBe(true);
    await teacher.keyboard.press("Escape");
    await expect.poll(inEditor).toBe(false);
  });
});

/** The code editor and the Run checks and Save buttons in view. */
async function shootCode(p: Page, name: string) {
  await p.getByRole("button", { name: "Run checks" }).scrollIntoViewIfNeeded();
  await shoot(p, name);
  await p.evaluate(() => document.querySelector("main")?.scrollTo(0, 0));
}

async function shoot(p: Page, name: string) {
  await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}
