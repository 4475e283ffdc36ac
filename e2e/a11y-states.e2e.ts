// WCAG 2.1 AA on the playground's less travelled states, measured with axe-core in both themes, wide and at 390 px: the misbehaving client's picker in the Call tab, the open Reset menu, "Changes vs starter", the
// dialog a share link raises when it meets a draft, and the replay page before and with a recording open. Each
// dialog holds focus while open and gives it back (or, where it has no opener, keeps it until a choice is made).
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { axeFindings, axeFindingsInBothThemes } from "./support/axe";
import { call, callResult, pickPersona, sharedBrowser, shareHash, toolAsks, typeAtEnd, watchErrors } from "./support/browser";
import { expectDialogFocus, expectFocusKeptInDialog } from "./support/keyboard";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const LESSON_2 = "02-asking-with-elicit";

const ready = (page: Page) => page.locator('[role="radiogroup"][aria-label="Tool"]').waitFor({ state: "attached", timeout: 30_000 });

test("no violation on the pickers, menus, dialogs and the replay page, both themes", async () => {
  const context = await browser().newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light", acceptDownloads: true });
  await context.addInitScript(() => localStorage.setItem("elicitation-playground:theme", "light"));
  const page = await context.newPage();
  const errors = watchErrors(page);
  const found: string[] = [];
  /** Audits the page as it is in both themes, again at 390 px (with `pane` in front), then back to wide. */
  const audit = async (state: string, pane?: "Try it") => {
    found.push(...(await axeFindingsInBothThemes(page, state)));
    await page.setViewportSize({ width: 390, height: 844 });
    if (pane) await page.getByRole("tab", { name: pane, exact: true }).click();
    found.push(...(await axeFindingsInBothThemes(page, `${state} at 390 px`)));
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  await page.goto(`${base}/?lesson=${LESSON_2}`);
  await ready(page);
  await pickPersona(page, "misbehaving");
  await page.getByTestId("break-picker").waitFor();
  await audit("misbehaving-client picker", "Try it");
  await pickPersona(page, "modern");

  await page.locator("summary", { hasText: "Reset ▾" }).click();
  await page.getByRole("menu", { name: "Reset" }).waitFor();
  await audit("Reset menu, open");
  await page.keyboard.press("Escape");
  await page.getByRole("menu", { name: "Reset" }).waitFor({ state: "hidden" });

  await typeAtEnd(page, "\n// a learner's own line");
  const changes = page.getByRole("button", { name: /^Changes/ });
  await expectDialogFocus(page, changes, async () => {
    await page.getByTestId("starter-diff-file").first().waitFor();
    found.push(...(await axeFindingsInBothThemes(page, "Changes vs starter")));
  });
  // On a phone the button is in the Code pane, and the dialog opens from there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("tab", { name: "Code", exact: true }).click();
  await changes.click();
  await page.getByTestId("starter-diff-file").first().waitFor();
  found.push(...(await axeFindingsInBothThemes(page, "Changes vs starter at 390 px")));
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 800 });

  await call(page, { id: "T-1" });
  await toolAsks(page).getByRole("checkbox", { name: "confirm", exact: true }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await callResult(page).getByTestId("result-text").first().waitFor({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export session" }).click()]);
  const recording = readFileSync((await download.path())!, "utf8");

  // The draft above meets a link with other code for the same lesson. Escape is a choice too: it keeps the draft.
  const lesson = (await (await fetch(`${base}/api/lessons/${LESSON_2}`)).json()) as { files: Record<string, string> };
  const shared = Object.fromEntries(Object.entries(lesson.files).map(([k, v]) => [k, k.endsWith(".tool.ts") ? `${v}\n// from the link\n` : v]));
  await page.goto(`${base}/?lesson=${LESSON_2}${shareHash(LESSON_2, shared)}`);
  await page.getByRole("dialog", { name: /This link carries other code/ }).waitFor({ timeout: 30_000 });
  await audit("share-conflict dialog");
  await expectFocusKeptInDialog(page);
  await page.keyboard.press("Escape");
  await page.locator("dialog:modal").waitFor({ state: "detached" });

  await page.goto(`${base}/?replay`);
  await page.getByTestId("recording-drop").waitFor({ timeout: 30_000 });
  await audit("replay page, no recording");
  await page.getByTestId("recording-file").setInputFiles({ name: download.suggestedFilename(), mimeType: "application/json", buffer: Buffer.from(recording) });
  await page.getByTestId("replay-step").waitFor();
  await page.getByRole("button", { name: /Next/ }).click();
  await audit("replay page with a recording");

  expect(errors).toEqual([]);
  expect(found).toEqual([]);
  await context.close();
}, 240_000);

test("an audit judges the colours a transition ends on, and an endless animation does not hold it up", async () => {
  const page = await (await browser().newContext()).newPage();
  const mid = (from: string, to: string) => `<!doctype html><html lang="en"><head><title>settling</title><style>
    @keyframes turn { to { transform: rotate(360deg) } }
    .spinner { animation: turn 1s linear infinite; width: 1rem; height: 1rem; border: 2px solid #333 }
    p { color: ${from}; transition: color 600s linear }
    p.after { color: ${to} }
  </style></head><body><main><h1>Loading</h1><div class="spinner" aria-hidden="true"></div><p>Words</p></main></body></html>`;
  const audit = async (from: string, to: string) => {
    await page.setContent(mid(from, to));
    await page.evaluate(() => document.querySelector("p")!.classList.add("after"));
    return (await axeFindings(page, "settling")).map((f) => f.split(" (")[0]);
  };
  // Mid-transition the colour is still near where it started; the audit must see where it ends.
  expect(await audit("#eeeeee", "#111111")).toEqual([]);
  expect(await audit("#111111", "#eeeeee")).toEqual(["settling: color-contrast"]);
  await page.context().close();
});
