// The four clients: a 2026-07-28 client without elicitation gets -32021; a 2025-11-25 client
// gets the form pushed on the call's stream; a 2025-11-25 client without forms finishes
// through sendElicitationResult.
import { expect, test } from "vitest";
import { call, callResult, newContext, openLesson, pickPersona, sharedBrowser, toolAsks } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

async function lessonPage() {
  const page = await (await newContext(browser())).newPage();
  await openLesson(page, base, "02-asking-with-elicit");
  return page;
}

test("a 2026-07-28 client without elicitation sees -32021, explained", async () => {
  const page = await lessonPage();
  await pickPersona(page, "modern-no-elicitation");
  await call(page, { id: "T-1" });
  await callResult(page).waitFor();
  await expect(page.getByTestId("rpc-error-code").innerText()).resolves.toBe("-32021");
  await expect(callResult(page).innerText()).resolves.toContain("requiredCapabilities");
});

test("a 2025-11-25 client gets the form pushed as elicitation/create", async () => {
  const page = await lessonPage();
  await pickPersona(page, "legacy");
  await call(page, { id: "T-1" });
  await toolAsks(page).waitFor();
  await expect(toolAsks(page).innerText()).resolves.toContain("pushed");
  await page.getByRole("checkbox", { name: "confirm", exact: true }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await callResult(page).waitFor();
  expect(JSON.parse(await callResult(page).getByTestId("result-text").first().innerText())).toMatchObject({ id: "T-1", closed: true });
  await page.getByRole("tab", { name: /Wire/ }).click();
  await expect(page.getByText("pushed elicitation/create").first().isVisible()).resolves.toBe(true);
});

test("a 2025-11-25 client without forms completes through sendElicitationResult", async () => {
  const page = await lessonPage();
  await pickPersona(page, "legacy-no-forms");
  await call(page, { id: "T-1" });
  await callResult(page).waitFor();
  await expect(callResult(page).innerText()).resolves.toContain("sendElicitationResult");
  const fallback = page
    .getByRole("group", { name: "Answer through sendElicitationResult" })
    .or(page.locator('[aria-label="Answer through sendElicitationResult"]'));
  await expect(fallback.locator("#fallback-elicit-id").inputValue()).resolves.not.toBe("");
  // The fallback result carries the requested schema, so the answer is a real form.
  await fallback.getByRole("checkbox", { name: "confirm", exact: true }).check();
  await fallback.getByRole("button", { name: "Call sendElicitationResult" }).click();
  await expect.poll(async () => (await callResult(page).innerText()).includes("answered through sendElicitationResult")).toBe(true);
  expect(JSON.parse(await callResult(page).getByTestId("result-text").first().innerText())).toMatchObject({ id: "T-1", closed: true });
});
