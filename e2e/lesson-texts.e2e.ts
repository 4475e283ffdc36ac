// What the lesson texts say the screen shows, seen on the screen: lesson 1's badge, tools/list and second email,
// lesson 2's `action`, lesson 7's sendElicitationResult in tools/list, lesson 10's link in the sequence diagram,
// lesson 11's two approval boxes. (The server side of each claim is in lessons/claims-*.spec.ts.)
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { call, callResult, newContext, openLesson, pickPersona, sentAnswers, sharedBrowser, toolAsks, watchErrors } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

async function lessonPage(id: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(browser())).newPage();
  const errors = watchErrors(page);
  await openLesson(page, base, id);
  return { page, errors };
}

const resultJson = async (page: Page) => JSON.parse(await callResult(page).getByTestId("result-text").first().innerText());
const wireRows = (page: Page, method: string) => page.locator(`[data-testid="wire-exchange"][data-rpc-method="${method}"]`);

async function serverPanelTools(page: Page, persona: string): Promise<string> {
  await page.getByRole("button", { name: "Server", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Your server, as a client sees it" });
  await dialog.getByRole("combobox").selectOption({ label: persona });
  await dialog.getByTestId("server-info").waitFor();
  await expect
    .poll(async () => (await dialog.getByTestId("server-info").innerText()).includes(persona.startsWith("2025") ? "2025-11-25" : "2026-07-28"))
    .toBe(true);
  const text = await dialog.getByTestId("server-info").innerText();
  await dialog.getByRole("button", { name: "Close" }).click();
  return text;
}

test("lesson 1: the destructive badge, destructiveHint in tools/list on the Wire tab, and both emails through list_outbox", async () => {
  const { page, errors } = await lessonPage("01-acts-without-asking");
  const closeTicket = page.getByRole("radio", { name: /^close_ticket/ });
  await expect(page.locator("label", { has: closeTicket }).innerText()).resolves.toContain("destructive");

  expect(await serverPanelTools(page, "2026-07-28 · forms + URL")).toContain("list_outbox");
  await page.getByRole("tab", { name: /Wire/ }).click();
  const listed = JSON.parse((await wireRows(page, "tools/list").last().getByTestId("wire-response").getAttribute("data-json"))!);
  const tool = listed.flatMap((m: any) => m.result?.tools ?? []).find((t: any) => t.name === "close_ticket");
  expect(tool.annotations).toEqual({ destructiveHint: true });

  await page.getByRole("tab", { name: /Call/ }).click();
  await closeTicket.check();
  await call(page, { id: "T-1" });
  await callResult(page).waitFor();
  await call(page, { id: "T-1" });
  await expect.poll(async () => (await resultJson(page)).status).toBe("closed");
  await page.getByRole("radio", { name: /^list_outbox/ }).check();
  await page.getByRole("button", { name: /^Call/ }).click();
  await expect.poll(async () => (await resultJson(page)).emails?.length).toBe(2);
  expect((await resultJson(page)).emails.every((e: { to: string }) => e.to === "maria@example.com")).toBe(true);
  expect(errors).toEqual([]);
});

test("lesson 2: the answer the Call tab sends is called action, as on the wire", async () => {
  const { page } = await lessonPage("02-asking-with-elicit");
  await call(page, { id: "T-1" });
  await toolAsks(page).waitFor();
  await page.getByRole("button", { name: "Decline" }).click();
  await callResult(page).waitFor();
  expect(await sentAnswers(page)).toEqual([{ action: "decline" }]);
});

test("lesson 7: a 2025-11-25 client without forms has sendElicitationResult in tools/list; a 2026-07-28 one does not", async () => {
  const { page } = await lessonPage("07-clients-that-cannot-ask");
  expect(await serverPanelTools(page, "2025-11-25 · no forms")).toContain("sendElicitationResult");
  expect(await serverPanelTools(page, "2026-07-28 · forms + URL")).not.toContain("sendElicitationResult");
});

test("lesson 7: as that client, the Call tab answers through sendElicitationResult, and the Wire tab shows that second tools/call", async () => {
  const { page } = await lessonPage("07-clients-that-cannot-ask");
  await pickPersona(page, "legacy-no-forms");
  await page.getByRole("checkbox", { name: "send", exact: true }).check();
  await call(page, { id: "T-1", text: "Fixed, please check." });
  const fallback = page.locator('[aria-label="Answer through sendElicitationResult"]');
  await fallback.getByRole("checkbox", { name: "approve", exact: true }).check();
  await fallback.getByRole("button", { name: "Call sendElicitationResult" }).click();
  await expect.poll(async () => (await resultJson(page)).sent).toBe(true);
  await page.getByRole("tab", { name: /Wire/ }).click();
  const names = await wireRows(page, "tools/call").evaluateAll((rows) =>
    rows.map((r) => JSON.parse(r.querySelector('[data-testid="wire-request"]')?.getAttribute("data-json") ?? "{}").params?.name),
  );
  expect(names.slice(-2)).toEqual(["reply_to_customer", "sendElicitationResult"]);
});

test("lesson 10: the sequence diagram says the client shows a link for URL mode", async () => {
  const { page } = await lessonPage("10-sensitive-data-url-mode");
  await pickPersona(page, "modern-with-url");
  await call(page, { id: "T-2" });
  await toolAsks(page).waitFor();
  await page.getByRole("tab", { name: /Wire/ }).click();
  const diagram = page.getByRole("img", { name: "Sequence diagram of this call" }).last();
  await expect.poll(() => diagram.textContent()).toContain("shows the link");
  expect(await diagram.textContent()).not.toContain("shows the form");
});

test('lesson 11: the approval form has "Allow this call" unticked and "Remember for this session" ticked', async () => {
  const { page } = await lessonPage("11-ask-once-approval");
  await page.getByRole("radio", { name: /^email_customer/ }).check();
  await call(page, { id: "T-1", text: "We are on it." });
  await toolAsks(page).waitFor();
  await expect(toolAsks(page).getByRole("checkbox", { name: "Allow this call" }).isChecked()).resolves.toBe(false);
  await expect(toolAsks(page).getByRole("checkbox", { name: "Remember for this session" }).isChecked()).resolves.toBe(true);
  // As the lesson's "Try it" says: tick "Allow this call", Accept; the second call goes straight through.
  await toolAsks(page).getByRole("checkbox", { name: "Allow this call" }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect.poll(async () => (await resultJson(page)).sentTo).toBe("maria@example.com");
  await call(page, { id: "T-2" });
  await expect.poll(async () => (await resultJson(page)).sentTo).toBe("li@example.com");
  expect(await toolAsks(page).count()).toBe(0);
});
