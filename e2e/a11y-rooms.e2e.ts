// WCAG 2.1 AA on the room pages, measured with axe-core in both themes (each state audited in each), wide and on a phone: the Start a room
// dialog, the join page, the learner's room banner and raise-hand form, the teacher board, a learner's work in its
// dialog, the projector view, the locked-challenge dialog, the teacher's grid with a roster dialog, and the results.
// Each dialog holds focus while open and, where it can be dismissed, gives it back to its opener. The learner joins
// by keyboard alone: no click from opening the join link to the room badge.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeFindingsInBothThemes } from "./support/axe";
import { sharedBrowser, watchErrors } from "./support/browser";
import { expectDialogFocus, expectFocusKeptInDialog, tabTo } from "./support/keyboard";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const C1 = "c1-confirm-before-deleting";
const contexts: BrowserContext[] = [];
// The backend opens its database with the first room: done here, under the set-up's time limit rather than a step's.
beforeAll(async () => {
  const warm = await fetch(`${base}/api/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(warm.status).toBe(201);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function open(): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });
  await context.addInitScript(() => localStorage.setItem("elicitation-playground:theme", "light"));
  contexts.push(context);
  const page = await context.newPage();
  page.on("dialog", (d) => void d.accept());
  return page;
}

test("no violation on the room pages, both themes, wide and on a phone; a keyboard-only join", async () => {
  const found: string[] = [];
  /** Audits the page as it is in both themes, then again at 390 px, and goes back to the wide layout. */
  const audit = async (page: Page, state: string) => {
    found.push(...(await axeFindingsInBothThemes(page, state)));
    await page.setViewportSize({ width: 390, height: 844 });
    found.push(...(await axeFindingsInBothThemes(page, `${state} at 390 px`)));
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  const teacher = await open();
  const errors = watchErrors(teacher);
  await teacher.goto(base);
  await teacher.getByRole("button", { name: "Start a room" }).click();
  await teacher.getByLabel("Room name (optional)").waitFor();
  await audit(teacher, "Start a room dialog");
  await teacher.getByLabel("Room name (optional)").fill("Accessible workshop");
  await teacher.getByRole("button", { name: "Start the room" }).click();
  await teacher.getByTestId("room-code").waitFor({ timeout: 30_000 });
  const code = await teacher.getByTestId("room-code").innerText();

  const learner = await open();
  errors.push(...watchErrors(learner));
  await learner.goto(`${base}/?join=${code}`);
  await learner.getByLabel("Your nickname").waitFor();
  await audit(learner, "join page");
  // Keyboard only from here to the room badge.
  await tabTo(learner, "#join-name");
  await learner.keyboard.type("Kay");
  await learner.keyboard.press("Enter");
  await learner.getByTestId("room-badge").waitFor({ timeout: 30_000 });
  await learner.locator('[role="radiogroup"][aria-label="Tool"]').waitFor({ state: "attached", timeout: 30_000 });
  await audit(learner, "learner's room banner");
  await expectDialogFocus(learner, learner.getByRole("button", { name: "✋ Raise hand" }), () => audit(learner, "raise-hand form"));

  await teacher.getByTestId("learner-name").first().waitFor({ timeout: 10_000 });
  await audit(teacher, "teacher board");
  await teacher.getByRole("button", { name: "View Kay's work" }).click();
  await teacher.getByTestId("learner-view").waitFor();
  await audit(teacher, "a learner's work");
  await teacher.keyboard.press("Escape");
  await teacher.getByTestId("learner-view").waitFor({ state: "hidden" });
  const [projector] = await Promise.all([teacher.waitForEvent("popup"), teacher.getByRole("button", { name: "Open projector" }).click()]);
  await projector.getByTestId("projector").waitFor({ timeout: 30_000 });
  await audit(projector, "projector view");

  // A locked challenge: the learner who opens it meets a modal dialog that keeps focus on its way out.
  await teacher.getByTestId(`item-${C1}`).getByRole("button", { name: "Lock" }).click();
  await teacher.getByTestId(`item-${C1}`).getByRole("button", { name: "Unlock" }).waitFor();
  await learner.getByRole("combobox", { name: "Lesson" }).selectOption(C1);
  await learner
    .locator("dialog:modal")
    .getByRole("button", { name: /^Go to/ })
    .waitFor({ timeout: 10_000 });
  await audit(learner, "locked-challenge dialog");
  await expectFocusKeptInDialog(learner);
  await learner.keyboard.press("Escape");
  expect(await learner.locator("dialog:modal").count()).toBe(1);
  await learner
    .locator("dialog:modal")
    .getByRole("button", { name: /^Go to/ })
    .click();
  await learner.locator("dialog:modal").waitFor({ state: "detached" });

  await teacher.getByRole("tab", { name: "Grid" }).click();
  await teacher.getByRole("group", { name: "Roster: Kay" }).waitFor();
  await audit(teacher, "teacher's grid");
  await expectDialogFocus(teacher, teacher.getByRole("group", { name: "Roster: Kay" }).getByRole("button", { name: "Rename" }), () =>
    audit(teacher, "roster dialog"),
  );
  await teacher.getByRole("tab", { name: "Results" }).click();
  await teacher.getByTestId("results").waitFor();
  await audit(teacher, "teacher's results");

  expect(errors).toEqual([]);
  expect(found).toEqual([]);
}, 240_000);
