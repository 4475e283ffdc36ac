// A room's network may drop the big editor download: the page stays usable with a plain editor, and edits count.
import { expect, test } from "vitest";
import { call, callResult, EDITOR_CHUNK, newContext, openLesson, sharedBrowser } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

test("when the editor chunk fails to load, a plain editor takes its place and the Call tab still works", async () => {
  const context = await newContext(browser());
  await context.route(EDITOR_CHUNK, (route) => route.abort());
  const page = await context.newPage();
  await openLesson(page, base, "01-acts-without-asking");
  await page.getByText("The code editor did not load").waitFor();
  await page.getByRole("tab", { name: "close-ticket.tool.ts" }).click();
  const code = page.getByRole("textbox", { name: "Code of close-ticket.tool.ts" });
  const edited = (await code.inputValue()).replace("emailed: ticket.customer", 'emailed: ticket.customer, via: "plain editor"');
  expect(edited).toContain("plain editor");
  await code.fill(edited);
  await code.blur();
  // The edit reaches the server: the result carries what only the edited code returns.
  await expect.poll(async () => (await call(page, { id: "T-1" }), await callResult(page).textContent()), { timeout: 30_000 }).toContain("plain editor");
  expect(await page.getByRole("button", { name: "Try again" }).isVisible()).toBe(true);
});
