// A confirmation lesson from the learner's side: Accept, Decline, Cancel (Escape), the Wire
// tab's two rounds, and a form that refuses an invalid value before anything is sent.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { call, callResult, newContext, openLesson, sentAnswers, toolAsks, watchErrors, sharedBrowser } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

async function freshLesson(id = "02-asking-with-elicit"): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(browser())).newPage();
  const errors = watchErrors(page);
  await openLesson(page, base, id);
  return { page, errors };
}

describe("a confirmation lesson", () => {
  test("Accept closes the ticket, and the Wire tab shows both tools/call rounds", async () => {
    const { page, errors } = await freshLesson();
    await call(page, { id: "T-1" });
    await expect.poll(() => toolAsks(page).isVisible()).toBe(true);
    await expect(toolAsks(page).getByTestId("elicitation-message").innerText()).resolves.toContain("Close T-1");
    await page.getByRole("checkbox", { name: "confirm", exact: true }).check();
    await page.getByRole("button", { name: "Accept" }).click();
    await callResult(page).waitFor();
    const text = await callResult(page).getByTestId("result-text").first().innerText();
    expect(JSON.parse(text)).toMatchObject({ id: "T-1", closed: true });
    expect(await sentAnswers(page)).toEqual([{ action: "accept", content: { confirm: true } }]);

    await page.getByRole("tab", { name: /Wire/ }).click();
    const rounds = page.locator('[data-testid="wire-exchange"][data-rpc-method="tools/call"]');
    await expect.poll(() => rounds.count()).toBe(2);
    const req = async (i: number) => JSON.parse((await rounds.nth(i).getByTestId("wire-request").getAttribute("data-json"))!);
    const res = async (i: number) => JSON.parse((await rounds.nth(i).getByTestId("wire-response").getAttribute("data-json"))!)[0];
    const [first, firstAnswer, second, secondAnswer] = [await req(0), await res(0), await req(1), await res(1)];
    expect(firstAnswer.result.resultType).toBe("input_required");
    expect(Object.keys(firstAnswer.result.inputRequests)).toEqual(["elicitation-1"]);
    expect(second.params.inputResponses).toEqual({ "elicitation-1": { action: "accept", content: { confirm: true } } });
    expect(second.params.requestState).toBe(firstAnswer.result.requestState);
    expect(second.id).not.toBe(first.id);
    expect(secondAnswer.result.resultType ?? "complete").toBe("complete");
    // The learner-facing pieces: badges, the decoded state and the round diff.
    await expect(rounds.nth(0).getByTestId("result-type").innerText()).resolves.toBe("input_required");
    await expect(rounds.nth(0).getByTestId("request-state").isVisible()).resolves.toBe(true);
    await expect(rounds.nth(1).getByTestId("round-diff").innerText()).resolves.toContain("params.inputResponses");
    expect(errors).toEqual([]);
  });

  test("Decline and Cancel (Escape) give their own results", async () => {
    const { page } = await freshLesson();
    await call(page, { id: "T-2" });
    await toolAsks(page).waitFor();
    await page.getByRole("button", { name: "Decline" }).click();
    await callResult(page).waitFor();
    expect(JSON.parse(await callResult(page).getByTestId("result-text").first().innerText())).toMatchObject({ closed: false });
    expect(await sentAnswers(page)).toEqual([{ action: "decline" }]);
    const declined = await callResult(page).getByTestId("result-text").first().innerText();

    await page.getByRole("button", { name: /^Call/ }).click();
    await toolAsks(page).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(async () => JSON.stringify(await sentAnswers(page))).toBe(JSON.stringify([{ action: "cancel" }]));
    const cancelled = await callResult(page).getByTestId("result-text").first().innerText();
    expect(JSON.parse(cancelled)).toMatchObject({ closed: false });
    expect(cancelled).not.toBe(declined);
  });

  test("an invalid value is refused by the form before anything is sent", async () => {
    const { page } = await freshLesson("09-a-richer-form");
    await call(page, { id: "T-1" });
    await toolAsks(page).waitFor();
    const asks = toolAsks(page);
    await asks.getByRole("combobox", { name: "Priority" }).selectOption({ label: "P2: major feature broken" });
    await asks.getByRole("combobox", { name: "Product area" }).selectOption({ label: "login" });
    await asks.getByRole("textbox", { name: "Customer email" }).fill("not-an-email");
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(asks.getByRole("alert").innerText()).resolves.toMatch(/email/i);
    // Still asking, and no second round went out.
    await page.getByRole("tab", { name: /Wire/ }).click();
    expect(await page.locator('[data-testid="wire-exchange"][data-rpc-method="tools/call"]').count()).toBe(1);
    await page.getByRole("tab", { name: /Call/ }).click();
    await asks.getByRole("textbox", { name: "Customer email" }).fill("ops@example.com");
    await page.getByRole("button", { name: "Accept" }).click();
    await callResult(page).waitFor();
    expect(await sentAnswers(page)).toEqual([
      { action: "accept", content: { priority: "p2", area: "login", customersAffected: 1, contactEmail: "ops@example.com", outage: false } },
    ]);
  });
});
