import { afterAll, beforeAll } from "vitest";
// Debian's chromium driven by playwright-core, plus the few page moves every test makes.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { deflateRawSync } from "node:zlib";
import type { PersonaName } from "../../contract/personas";
import { expect } from "vitest";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Playwright gives every launch a fresh temporary profile (its own --user-data-dir). */
/** One chromium for a test file: launched before its tests, closed after them. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
}

/**
 * Which code editor a test's pages open with. Monaco costs seconds of CPU on every page load, so a test that does
 * not look at the editor itself takes the learner's own "Plain editor" choice; the editor's tests ask for Monaco.
 */
export type EditorChoice = "monaco" | "plain";
/** The page's own storage key for that choice (src/editor/plain-editor-mode.ts), set as a learner's click sets it. */
const PLAIN_EDITOR_KEY = "elicitation-playground:plain-editor";

export async function newContext(
  browser: Browser,
  opts: { dark?: boolean; editor?: EditorChoice; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 800 }, colorScheme: opts.dark ? "dark" : "light" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]).catch(() => undefined);
  if ((opts.editor ?? "plain") === "plain") {
    await context.addInitScript((key) => localStorage.getItem(key) ?? localStorage.setItem(key, "1"), PLAIN_EDITOR_KEY);
  }
  return context;
}

/** A page in a fresh context of its own, in the light or dark theme, that accepts every confirm() (the room pages ask one before ending). */
export async function themedPage(browser: Browser, contexts: BrowserContext[], dark = false, editor?: EditorChoice): Promise<Page> {
  const context = await newContext(browser, { dark, editor });
  await context.addInitScript(
    (t) => localStorage.getItem("elicitation-playground:theme") ?? localStorage.setItem("elicitation-playground:theme", t),
    dark ? "dark" : "light",
  );
  contexts.push(context);
  const p = await context.newPage();
  p.on("dialog", (d) => void d.accept());
  return p;
}

/** Page errors make a test fail loudly instead of timing out on a broken page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

export async function openLesson(page: Page, base: string, lessonId: string, extra = "") {
  await page.goto(`${base}/?lesson=${encodeURIComponent(lessonId)}${extra}`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
}

/** A share-link hash for a project, made the way the SPA makes it (deflate-raw + base64url). */
export function shareHash(lessonId: string, files: Record<string, string>): string {
  const packed = deflateRawSync(Buffer.from(JSON.stringify({ v: 1, lesson: lessonId, files })));
  return `#project=${packed.toString("base64url")}`;
}

export const toolAsks = (page: Page) => page.getByRole("region", { name: "The tool asks" });
export const callResult = (page: Page) => page.getByTestId("call-outcome");

export async function call(page: Page, args: Record<string, string> = {}) {
  for (const [label, value] of Object.entries(args)) await page.getByRole("textbox", { name: label, exact: true }).fill(value);
  await page.getByRole("button", { name: /^Call/ }).click();
}

/** Picks a client in the Call tab by its name in the persona table (each radio's value). */
export async function pickPersona(page: Page, persona: PersonaName) {
  await page.locator(`input[type="radio"][name="persona"][value="${persona}"]`).check();
}

/** The client picked in the Call tab, by name. */
export const pickedPersona = (page: Page) => page.locator('input[type="radio"][name="persona"]:checked').inputValue();

/** The JSON sent for each answer, as recorded in the Call tab. */
export async function sentAnswers(page: Page): Promise<unknown[]> {
  const raw = await page.getByTestId("sent-answer").evaluateAll((els) => els.map((e) => e.getAttribute("data-answer") ?? "null"));
  return raw.map((r) => JSON.parse(r));
}

/** Where the code of the file in front is typed: Monaco's lines, or the plain editor's field. */
const CODE_SURFACE = '.monaco-editor .view-lines, [data-testid="plain-editor"]';

/** Types at the end of the file in front of the editor (either editor). */
export async function typeAtEnd(page: Page, text: string) {
  const editor = page.locator(CODE_SURFACE).first();
  await editor.waitFor({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

/** The editor's text around the end of the file in front (Monaco only renders the lines in view; the plain field holds it all). */
export async function endOfEditor(page: Page): Promise<string> {
  const editor = page.locator(CODE_SURFACE).first();
  await editor.waitFor({ timeout: 30_000 });
  if ((await editor.getAttribute("data-testid")) === "plain-editor") return editor.inputValue();
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.waitForTimeout(200);
  return editor.innerText();
}

/** Picks a lesson from the header menu by its id, and waits until that lesson is the one open. */
export async function pickLesson(page: Page, lessonId: string) {
  const title = await page.evaluate(async (id) => ((await (await fetch(`/api/lessons/${id}`)).json()) as { title: string }).title, lessonId);
  await page.getByRole("combobox", { name: "Lesson" }).selectOption(lessonId);
  await expect
    .poll(() =>
      page
        .locator("article[aria-label=Lesson] h1")
        .innerText()
        .catch(() => ""),
    )
    .toBe(title);
}

/** Presses Check in the Tests tab and reads each check's name and whether it passed, once the server answered. */
export async function pressCheck(p: Page): Promise<{ name: string; passed: boolean }[]> {
  await p.getByRole("tab", { name: /Tests/ }).click();
  await p.getByRole("button", { name: "Check", exact: true }).click();
  const results = p.getByTestId("check-results").getByTestId("check");
  await results.first().waitFor({ timeout: 60_000 });
  return results.evaluateAll((els) => els.map((e) => ({ name: e.textContent ?? "", passed: e.getAttribute("data-passed") === "true" })));
}

/** A lesson's or challenge's starter files, as the server serves them. */
export async function starterFiles(base: string, id: string): Promise<Record<string, string>> {
  return ((await (await fetch(`${base}/api/lessons/${id}`)).json()) as { files: Record<string, string> }).files;
}

/** The editor's chunks (Monaco, shared by the learners' and the authors' editors, and its workers and language modes). */
export const EDITOR_CHUNK = /\/assets\/(MonacoEditor|code-editor|tsMode|editor\.worker|ts\.worker|typescript)[-.][^/]*\.(js|css)$/;

/** A shipped challenge's starter (as served) and reference solution (never served: read from the repository, as a learner who solved it knows it). */
export async function shippedChallenge(base: string, id: string): Promise<{ starter: Record<string, string>; solution: Record<string, string> }> {
  const starter = await starterFiles(base, id);
  const dir = fileURLToPath(new URL(`../../checks/${id}/solution/`, import.meta.url));
  return { starter, solution: Object.fromEntries(Object.keys(starter).map((f) => [f, readFileSync(dir + f, "utf8")])) };
}
