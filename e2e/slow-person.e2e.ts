// A person who takes their time, fast-forwarded, on both revisions (lesson 19): on 2025-11-25 the page client's
// request timeout (a tenth of the SDK's) ends the call while the answer is held, and the Wire shows the client's
// cancel; on 2026-07-28 the held answer goes out as round 2 and the call completes. Each step waits for what the page
// shows, never for a time.
import { describe, expect, test } from "vitest";
import { axeFindings } from "./support/axe";
import { themedShots } from "./support/shots";
import { call, callResult, newContext, openLesson, pickPersona, sharedBrowser, toolAsks, watchErrors } from "./support/browser";
import type { Page } from "playwright-core";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const LESSON = "19-a-person-who-takes-their-time";

/** The page's screenshots with `testId` in view, on the "Try it" pane at 390 px. */
const shoot = (page: Page, name: string, testId: string) =>
  themedShots(page, `slow-person-${name}`, async (width) => {
    if (width === 390) await page.getByRole("tab", { name: "Try it" }).click();
    await page.getByTestId(testId).scrollIntoViewIfNeeded();
  });

async function answerYesLate(page: Page) {
  await call(page, { id: "T-1" });
  await toolAsks(page).waitFor();
  await page.getByRole("checkbox", { name: "confirm", exact: true }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await page.getByTestId("held-answer").waitFor();
}

describe("a person who takes their time", () => {
  test("fast-forwarded, 10 s late: the 2025 call fails at the client's timeout, the 2026 call completes", async () => {
    const page = await (await newContext(browser())).newPage();
    const errors = watchErrors(page);
    await openLesson(page, base, LESSON);
    await page.getByTestId("person-delay").selectOption("10 s");
    await page.getByRole("checkbox", { name: /Fast-forward/ }).check();
    expect(await page.getByTestId("fast-forward-note").innerText()).toContain("6 s instead of the SDK's 60 s");

    await pickPersona(page, "legacy");
    await answerYesLate(page);
    expect(await page.getByTestId("held-answer").innerText()).toContain("the client's request timeout runs");
    await shoot(page, "held", "held-answer");
    await callResult(page).waitFor({ timeout: 60_000 });
    expect(await callResult(page).innerText()).toContain("request timeout (6 s, the SDK's own divided by 10)");
    await shoot(page, "timed-out", "call-outcome");
    await page.getByRole("tab", { name: /Wire/ }).click();
    await expect.poll(() => page.getByTestId("wire-call").first().innerText(), { timeout: 20_000 }).toContain("notifications/cancelled");
    await shoot(page, "wire", "wire-call");

    await page.getByRole("tab", { name: "Call" }).click();
    await pickPersona(page, "modern");
    await answerYesLate(page);
    expect(await page.getByTestId("held-answer").innerText()).toContain("nothing is in flight");
    await callResult(page).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("result-text").innerText()).toContain('"closed":true');

    // A person who never answers holds the 2026 call until someone hands the answer over.
    await page.getByTestId("person-delay").selectOption("never");
    await answerYesLate(page);
    expect(await page.getByTestId("held-answer").innerText()).toContain("never hands it over");
    const found: string[] = [];
    for (const dark of [false, true]) {
      await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
      found.push(...(await axeFindings(page, `a held answer, fast-forwarded${dark ? ", dark" : ""}`)));
    }
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    expect(found).toEqual([]);
    await page.getByRole("button", { name: "Hand it over now" }).press("Enter");
    await expect.poll(() => page.getByTestId("result-text").innerText(), { timeout: 20_000 }).toContain('"closed":true');
    expect(errors).toEqual([]);
  });
});
