// Lesson 10's loop in the browser on both eras: the link in the Call tab, the pretend sign-in page in a new tab, its
// Sign in reaching the waiting tool, and the Wire tab's outside-page lane and era side by side; -32042 on 2025-11-25;
// and lesson 13's URL-mode block on the official SDK 1.x, through @playground/outside.
// Screenshots at 1280 and 390 px in both themes go to test-results/screenshots/url-mode/.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, expect, test } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { axeFindings } from "./support/axe";
import { lessonUrlModeServer } from "../server/testing/official-url-server";
import { call, callResult, newContext, openLesson, pickPersona, sharedBrowser, shareHash, starterFiles, toolAsks, watchErrors } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const OUT = fileURLToPath(new URL("../test-results/screenshots/url-mode/", import.meta.url));
const browser = sharedBrowser();
beforeAll(() => void mkdirSync(OUT, { recursive: true }));

const LESSON = "10-sensitive-data-url-mode";
const resultJson = async (page: Page) => JSON.parse(await callResult(page).getByTestId("result-text").first().innerText());
const steps = (page: Page) => page.getByTestId("sequence-steps").last().innerText();

async function lesson(theme: "light" | "dark" = "light", width = 1280): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser(), { dark: theme === "dark" });
  await context.addInitScript((t) => localStorage.setItem("elicitation-playground:theme", t), theme);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openLesson(page, base, LESSON);
  // A phone shows one pane at a time: the Call tab is in the "Try it" pane.
  if (width < 800) {
    await page.setViewportSize({ width, height: 844 });
    await page.getByRole("tab", { name: "Try it", exact: true }).click();
  }
  return { context, page, errors };
}

/** Presses "Open and accept" and returns the pretend page it opened in a new tab. */
async function openAndAccept(context: BrowserContext, page: Page): Promise<Page> {
  const opened = context.waitForEvent("page");
  await toolAsks(page).getByRole("button", { name: "Open and accept" }).click();
  const outside = await opened;
  await outside.getByRole("heading", { name: "Billing sign in" }).waitFor();
  return outside;
}

test("2026-07-28: Open and accept, the call waits, Sign in on the pretend page, the invoice; the Wire tab draws the page", async () => {
  const { context, page, errors } = await lesson();
  await page.getByRole("radio", { name: /^open_billing/ }).check();
  await call(page, { id: "T-2" });
  await expect.poll(() => toolAsks(page).getByTestId("elicitation-url").innerText()).toMatch(/\/outside\/[\w-]+\/billing-sign-in\?ticket=T-2&flow=/);
  const outside = await openAndAccept(context, page);
  expect(new URL(outside.url()).origin).toBe(new URL(base).origin);
  await expect(outside.getByRole("note").innerText()).resolves.toContain("Pretend outside page");
  expect(await axeFindings(outside, "the pretend page")).toEqual([]);
  // The call is still going: the tool waits for the page.
  await page.getByText("Waiting for the outside page…").waitFor();
  expect(await axeFindings(page, "waiting for the outside page")).toEqual([]);
  await outside.getByRole("button", { name: "Sign in" }).click();
  await outside.getByRole("status").getByText("You are signed in").waitFor();
  await expect.poll(async () => (await resultJson(page)).signedIn).toBe(true);
  expect((await resultJson(page)).invoice).toEqual({ total: "€249.90", lines: 3 });

  await page.getByRole("tab", { name: /Wire/ }).click();
  await expect.poll(() => steps(page)).toContain("Person to Outside page: opens the link");
  const eras = page.getByTestId("url-mode-eras").last();
  await expect(eras.innerText()).resolves.toContain("2026-07-28 · this call");
  expect(await axeFindings(page, "the Wire tab with the outside page")).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("2025-11-25: the pushed link carries an elicitationId; after Sign in the Wire tab shows notifications/elicitation/complete", async () => {
  const { context, page, errors } = await lesson();
  await pickPersona(page, "legacy-with-url");
  await page.getByRole("radio", { name: /^open_billing/ }).check();
  await call(page, { id: "T-2" });
  const url = await toolAsks(page).getByTestId("elicitation-url").innerText();
  const id = new URL(url).searchParams.get("flow")!;
  await expect(toolAsks(page).innerText()).resolves.toContain(id);
  const outside = await openAndAccept(context, page);
  await outside.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(async () => (await resultJson(page)).signedIn).toBe(true);

  await page.getByRole("tab", { name: /Wire/ }).click();
  await expect.poll(() => steps(page)).toContain(`Server to Client: notifications/elicitation/complete ${id}`);
  expect(await steps(page)).toContain("Outside page to Server: Sign in or Cancel reaches the server");
  await expect(page.getByTestId("url-mode-eras").last().innerText()).resolves.toContain("2025-11-25 · this call");
  expect(errors).toEqual([]);
  await context.close();
});

test("2025-11-25: read_invoice answers -32042; the client opens the page, hears it is done and calls again", async () => {
  const { context, page, errors } = await lesson();
  await pickPersona(page, "legacy-with-url");
  await page.getByRole("radio", { name: /^read_invoice/ }).check();
  await call(page, { id: "T-1" });
  await expect(toolAsks(page).innerText()).resolves.toContain("listed by error -32042");
  const outside = await openAndAccept(context, page);
  await page.getByText("Waiting for the outside page…").waitFor();
  await outside.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(async () => (await resultJson(page)).invoice).toEqual({ total: "€12.00", lines: 1 });
  await page.getByRole("tab", { name: /Wire/ }).click();
  await expect.poll(() => steps(page)).toContain("Server to Client: error -32042");
  expect(await steps(page)).toContain("Client to Person: shows the link (from -32042)");
  expect(errors).toEqual([]);
  await context.close();
});

test("official SDK 1.x: lesson 13's URL-mode block sends the link; Sign in, then the completion comes before the answer", async () => {
  const official = "13-support-desk-on-the-official-sdk";
  const files = await starterFiles(base, official);
  const context = await newContext(browser());
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openLesson(page, base, official, shareHash(official, { ...files, "src/server.ts": await lessonUrlModeServer() }));
  await pickPersona(page, "legacy-with-url");
  await page.getByRole("radio", { name: /^open_billing/ }).check();
  await call(page, { ticketId: "T-1042" });
  const url = await toolAsks(page).getByTestId("elicitation-url").innerText();
  expect(new URL(url).pathname).toMatch(/^\/outside\/[\w-]+\/billing-sign-in$/);
  const id = new URL(url).searchParams.get("flow")!;
  const outside = await openAndAccept(context, page);
  await outside.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => callResult(page).getByTestId("result-text").first().innerText()).toContain("the invoice for T-1042 is €249.90");

  await page.getByRole("tab", { name: /Wire/ }).click();
  const completion = `Server to Client: notifications/elicitation/complete ${id}`;
  await expect.poll(() => steps(page)).toContain(completion);
  const text = await steps(page);
  expect(text.indexOf(completion)).toBeLessThan(text.indexOf("Server to Client: result: complete"));
  expect(errors).toEqual([]);
  await context.close();
});

for (const theme of ["light", "dark"] as const)
  for (const width of [1280, 390])
    test(`screenshots: the loop in the ${theme} theme at ${width} px`, async () => {
      const { context, page } = await lesson(theme, width);
      await page.getByRole("radio", { name: /^open_billing/ }).check();
      await call(page, { id: "T-2" });
      await toolAsks(page).getByTestId("elicitation-url").waitFor();
      await page.screenshot({ path: `${OUT}${theme}-${width}-1-link.png`, fullPage: true });
      const outside = await openAndAccept(context, page);
      await outside.setViewportSize({ width, height: width < 800 ? 844 : 800 });
      await outside.screenshot({ path: `${OUT}${theme}-${width}-2-pretend-page.png`, fullPage: true });
      await page.getByText("Waiting for the outside page…").waitFor();
      await page.screenshot({ path: `${OUT}${theme}-${width}-3-waiting.png`, fullPage: true });
      await outside.getByRole("button", { name: "Sign in" }).click();
      await outside.getByRole("status").waitFor();
      await outside.screenshot({ path: `${OUT}${theme}-${width}-4-signed-in.png`, fullPage: true });
      await callResult(page).waitFor();
      await page.getByRole("tab", { name: /Wire/ }).click();
      await page.getByTestId("url-mode-eras").last().waitFor();
      await page.getByTestId("url-mode-eras").last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${OUT}${theme}-${width}-5-wire.png`, fullPage: true });
      await context.close();
    });
