// The first screen asks for nothing it already has: the page carries the lesson list and its lesson, a lesson's
// untouched starter is named by its id, and the first call adopts the session's discover result. A share link, a
// draft and a deep link still open what they opened before, and the Call tab works before the editor has loaded.
import { gzipSync } from "node:zlib";
import { expect, test } from "vitest";
import type { BrowserContext, Page, Request } from "playwright-core";
import { callResult, EDITOR_CHUNK, newContext, sharedBrowser, shareHash, starterFiles, typeAtEnd } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

async function withoutEditor(context: BrowserContext): Promise<BrowserContext> {
  await context.route(EDITOR_CHUNK, (route) => route.abort());
  return context;
}

/** What the page asked the backend for: each /api and /mcp request's method, path and JSON body. */
function apiRequests(page: Page): { method: string; path: string; body: Record<string, unknown> | undefined }[] {
  const seen: { method: string; path: string; body: Record<string, unknown> | undefined }[] = [];
  page.on("request", (r: Request) => {
    const { pathname } = new URL(r.url());
    if (!/^\/(api|mcp)\//.test(pathname)) return;
    let body: Record<string, unknown> | undefined;
    try {
      body = r.postData() ? JSON.parse(r.postData()!) : undefined;
    } catch {
      body = undefined;
    }
    seen.push({ method: r.method(), path: pathname, body });
  });
  return seen;
}

const openedLesson = (page: Page) => page.getByRole("combobox", { name: "Lesson" }).inputValue();
const created = (seen: ReturnType<typeof apiRequests>) => seen.filter((r) => r.method === "POST" && r.path === "/api/sessions");

test("a plain link: the Call tab calls before the editor has loaded, asking only for the session and the call", async () => {
  const page = await (await withoutEditor(await newContext(browser(), { editor: "monaco" }))).newPage();
  const seen = apiRequests(page);
  await page.goto(`${base}/`);
  await page.getByRole("textbox", { name: "id", exact: true }).fill("T-1");
  await page.getByRole("button", { name: /^Call/ }).click();
  await callResult(page).waitFor({ timeout: 30_000 });
  expect(await callResult(page).innerText()).toContain("T-1");
  expect(await openedLesson(page)).toBe("01-acts-without-asking");
  expect(await page.locator(".monaco-editor").count()).toBe(0);
  // No lesson fetched, the session named by the lesson's id, no server/discover before the call.
  expect(seen.filter((r) => r.path.startsWith("/api/lessons"))).toEqual([]);
  expect(created(seen).map((r) => r.body)).toEqual([{ lessonId: "01-acts-without-asking" }]);
  expect(seen.filter((r) => r.path.startsWith("/mcp/")).map((r) => r.body?.method)).toEqual(["tools/call"]);
});

test("the scripts a plain link runs before Call is enabled come to at most 150 KB gzipped, the MCP client apart", async () => {
  const html = await (await fetch(`${base}/`)).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  // Preloaded beside the entry for the first press of Call, and run only then: the official SDK's client and its chunks.
  const forCall = new Set([...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]).filter((href) => href !== entry));
  const page = await (await withoutEditor(await newContext(browser(), { editor: "monaco" }))).newPage();
  const scripts: Promise<{ path: string; gzip: number }>[] = [];
  page.on("response", (r) => {
    const { pathname } = new URL(r.url());
    if (r.request().resourceType() === "script" && pathname.endsWith(".js") && !EDITOR_CHUNK.test(pathname) && !forCall.has(pathname))
      scripts.push(r.body().then((b) => ({ path: pathname, gzip: gzipSync(b).length })));
  });
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: /^Call/ }).and(page.locator(":enabled")).waitFor({ timeout: 30_000 });
  const loaded = await Promise.all(scripts);
  expect(loaded.map((s) => s.path)).toContain(entry);
  // Neither the room pages nor the full form library belong to a learner's first screen.
  expect(loaded.filter((s) => /\/(TeacherPage|ProjectorPage|JoinPage|QrCode|SchemaForm)-/.test(s.path))).toEqual([]);
  expect(loaded.reduce((sum, s) => sum + s.gzip, 0) / 1024).toBeLessThanOrEqual(150);
});

test("a deep link opens its lesson, named by its id", async () => {
  const page = await (await withoutEditor(await newContext(browser(), { editor: "monaco" }))).newPage();
  const seen = apiRequests(page);
  await page.goto(`${base}/?lesson=05-ask-first-then-act`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  expect(await openedLesson(page)).toBe("05-ask-first-then-act");
  await expect.poll(() => created(seen).map((r) => r.body)).toEqual([{ lessonId: "05-ask-first-then-act" }]);
  expect(seen.filter((r) => r.path.startsWith("/api/lessons"))).toEqual([]);
});

test("a share link opens its files, for a lesson other than the inlined one", async () => {
  const files = await starterFiles(base, "03-asking-for-a-missing-detail");
  files["store.ts"] = `// from the share link 29\n${files["store.ts"]}`;
  const page = await (await withoutEditor(await newContext(browser(), { editor: "monaco" }))).newPage();
  const seen = apiRequests(page);
  await page.goto(`${base}/${shareHash("03-asking-for-a-missing-detail", files)}`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  expect(await openedLesson(page)).toBe("03-asking-for-a-missing-detail");
  await expect(page.getByText("from a share link").isVisible()).resolves.toBe(true);
  await expect.poll(() => created(seen).map((r) => r.body)).toEqual([{ files }]);
  // This lesson was not in the page: its text is the one request the share link adds, beside the session's.
  expect(seen.filter((r) => r.path.startsWith("/api/lessons")).map((r) => r.path)).toEqual(["/api/lessons/03-asking-for-a-missing-detail"]);
});

test("a draft opens again on a plain link, and its files are sent, not the lesson's id", async () => {
  const context = await newContext(browser(), { editor: "monaco" });
  const first = await context.newPage();
  await first.goto(`${base}/?lesson=02-asking-with-elicit`);
  await first.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  await typeAtEnd(first, "\n// a draft 29");
  await expect
    .poll(() => first.evaluate(() => Object.keys(localStorage).some((k) => localStorage.getItem(k)?.includes("a draft 29"))), { timeout: 10_000 })
    .toBe(true);
  await first.close();
  const page = await context.newPage();
  const seen = apiRequests(page);
  await page.goto(`${base}/`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  expect(await openedLesson(page)).toBe("02-asking-with-elicit");
  await expect.poll(() => created(seen).length).toBe(1);
  const [{ body }] = created(seen);
  expect(Object.values((body as { files: Record<string, string> }).files).join("\n")).toContain("a draft 29");
});
