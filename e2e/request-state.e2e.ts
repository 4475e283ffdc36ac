// The Wire tab decodes requestState and names what it is bound to, as lesson 4 says.
import { expect, test } from "vitest";
import { call, newContext, openLesson, sharedBrowser, toolAsks } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

test("the decoded requestState lists its bindings: session, tool, arguments, build, reset generation, questions, single use", async () => {
  const page = await (await newContext(browser())).newPage();
  await openLesson(page, base, "04-on-the-wire");
  await call(page, { id: "T-1" });
  await toolAsks(page).waitFor();
  await page.getByRole("tab", { name: /Wire/ }).click();
  const round = page.locator('[data-testid="wire-exchange"][data-rpc-method="tools/call"]').first();
  const bindings = round.getByTestId("request-state-bindings");
  await bindings.waitFor();
  const text = await bindings.innerText();
  for (const label of ["session", "tool", "arguments", "build", "reset generation", "questions", "state id"]) expect(text).toContain(label);
  expect(text).toMatch(/after a code change it is refused/);
  expect(text).toMatch(/used once/);
});
