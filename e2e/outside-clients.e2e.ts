// Outside clients on the Wire tab: with the page open on lesson 12, a real official-SDK client connects to the session
// URL the Connect panel gives, lists the tools and calls one (answering the pushed question on 2025-11-25); a 2026-07-28
// client lists the tools too. The page's Wire tab shows their exchanges beside its own, labelled per client, says who
// is connected, filters by client from the keyboard and exports. Screenshots at 1280 and 390 px in both themes.
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { startBackend } from "./support/backend";
import { call, callResult, newContext, openLesson, sharedBrowser, watchErrors } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const OUT = fileURLToPath(new URL("../test-results/screenshots/outside-clients/", import.meta.url));
mkdirSync(OUT, { recursive: true });

/** The session URL as the Connect panel shows it to the learner (in the Claude Code snippet). */
async function urlFromConnectPanel(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Connect a client" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect a real client" });
  await dialog.waitFor();
  const url = /http:\/\/127\.0\.0\.1:\d+\/mcp\/[A-Za-z0-9_-]+/.exec(await dialog.innerText())?.[0];
  await dialog.getByRole("button", { name: "Close" }).click();
  if (!url) throw new Error("The Connect panel shows no session URL");
  return url;
}

/** A script on the official 2.x SDK in its default negotiation: a 2025-11-25 session that answers forms. */
async function outsideScript(url: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: "outside-sdk-script", version: "3.1.4" }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { confirm: true } }));
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

const outsideCards = (page: Page) => page.locator('[data-testid="wire-call"]:has([data-testid="wire-outside-client"])');

for (const theme of ["light", "dark"] as const) {
  test(`an outside SDK client's exchanges on the Wire tab, labelled as that client, ${theme}`, async () => {
    const context = await newContext(browser(), { dark: theme === "dark" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Lesson 12's "Try it": a real client closes T-1 and answers the form there; the page then reads T-1 as closed.
    await openLesson(page, base, "12-connect-a-real-client");
    const url = await urlFromConnectPanel(page);
    const outside = await outsideScript(url);
    const listed = await outside.client.listTools();
    expect(listed.tools.map((t) => t.name).sort()).toEqual(["close_ticket", "get_ticket"]);
    const result = await outside.client.callTool({ name: "close_ticket", arguments: { id: "T-1" } });
    expect(JSON.stringify(result)).toContain('\\"closed\\":true');
    const modern = new Client({ name: "modern-sdk-script", version: "0.9.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await modern.connect(new StreamableHTTPClientTransport(new URL(url)));
    await modern.listTools();

    await page.getByRole("radio", { name: /get_ticket/ }).check();
    await call(page, { id: "T-1" });
    await callResult(page).waitFor();
    await expect(callResult(page).innerText()).resolves.toContain('"closed"');

    // The Wire tab's label says someone outside is connected, before it is opened.
    await page.getByTestId("wire-outside-dot").waitFor();
    await page.getByRole("tab", { name: /Wire/ }).click();
    const connected = page.getByTestId("wire-outside-connected");
    await connected.waitFor();
    await expect(connected.innerText()).resolves.toMatch(/outside-sdk-script 3\.1\.4 is connected to this session \(2025-11-25 · session [0-9a-f]{8}…\)/);
    await expect(page.getByTestId("wire-outside-seen").innerText()).resolves.toMatch(/modern-sdk-script 0\.9\.0 sent its last request .*2026-07-28/);

    // The outside call's card: labelled, with the pushed question and the answer, in the same exchange view.
    const callCard = outsideCards(page).filter({ hasText: "tools/call close_ticket" });
    await expect.poll(() => callCard.count()).toBe(1);
    await expect(callCard.getByTestId("wire-outside-client").innerText()).resolves.toContain("outside-sdk-script 3.1.4 · 2025-11-25");
    if (!(await callCard.evaluate((el) => (el as HTMLDetailsElement).open))) await callCard.locator("summary").first().click();
    await expect.poll(() => callCard.getByText("pushed elicitation/create").count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        callCard
          .locator('[data-testid="wire-exchange"]')
          .filter({ hasText: /answer to request/ })
          .count(),
      )
      .toBe(1);
    // Which playground instance answered it, as for the page's own exchanges.
    await expect.poll(() => callCard.getByTestId("wire-instance").count()).toBeGreaterThan(0);
    // tools/list from the outside client shows too, in a card of its own labelled as that client.
    const listCard = outsideCards(page).filter({ has: page.locator('[data-rpc-method="tools/list"]') });
    await expect.poll(() => listCard.count()).toBeGreaterThanOrEqual(2);
    // The page's own call is there too, not labelled as outside.
    const pageCards = page.locator('[data-testid="wire-call"]:not(:has([data-testid="wire-outside-client"]))');
    await expect.poll(() => pageCards.filter({ hasText: "tools/call get_ticket" }).count()).toBe(1);
    // Newest first, the page's and the outside clients' together: the page's get_ticket came last, so it is on top.
    const order = await page
      .locator('[data-testid="wire-call"]')
      .evaluateAll((cards) =>
        cards.map((c) => (c.querySelector('[data-testid="wire-outside-client"]') ? "outside" : (c.querySelector("summary")?.textContent ?? ""))),
      );
    expect(order[0]).toContain("tools/call get_ticket");
    expect(order.slice(1).every((o) => o === "outside")).toBe(true);

    await page.locator("#panel-wire").evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: `${OUT}1280-${theme}-wire.png` });
    await callCard.getByText("pushed elicitation/create").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}1280-${theme}-wire-call.png` });

    // The filter, from the keyboard: this page only, then the outside script only.
    const filter = page.getByTestId("wire-filter");
    await filter.focus();
    await filter.selectOption("page");
    await expect.poll(() => outsideCards(page).count()).toBe(0);
    await expect.poll(() => page.locator('[data-testid="wire-call"]').count()).toBe(1);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => filter.inputValue()).toMatch(/^s:/);
    await expect.poll(() => page.locator('[data-testid="wire-call"]').count()).toBe(await outsideCards(page).count());
    const shownLabels = await page.getByTestId("wire-outside-client").allInnerTexts();
    expect(shownLabels.length).toBeGreaterThanOrEqual(2);
    for (const label of shownLabels) expect(label).toContain("outside-sdk-script");

    // Export: what is shown, with the outside clients named.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export JSON" }).click();
    const exported = JSON.parse(readFileSync((await (await download).path())!, "utf8"));
    expect(exported.outsideClients.map((c: { name?: string }) => c.name).sort()).toEqual(["modern-sdk-script", "outside-sdk-script"]);
    expect(exported.groups.length).toBeGreaterThanOrEqual(2);
    expect(exported.groups.every((g: { client?: string }) => g.client?.startsWith("s:"))).toBe(true);
    await filter.selectOption("all");

    // On a phone: the same Wire tab, one pane at a time.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("tab", { name: "Try it" }).click();
    await page.getByTestId("wire-outside").waitFor();
    await page.locator("#panel-wire").evaluate((el) => el.scrollTo(0, 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${OUT}390-${theme}-wire.png` });

    // The session ends: the page says so in plain words.
    await outside.transport.terminateSession();
    await expect.poll(() => page.getByTestId("wire-outside-connected").count()).toBe(0);
    await expect.poll(() => page.getByTestId("wire-outside-dot").count()).toBe(0);
    await expect.poll(() => page.getByTestId("wire-outside").innerText()).toMatch(/outside-sdk-script 3\.1\.4 was connected .*its session ended/);
    await outside.client.close();
    await modern.close();
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("lesson 16: a real client on the official-SDK support desk gets a server instance of its own, and the Wire tab shows which", async () => {
  const context = await newContext(browser());
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openLesson(page, base, "16-connecting-real-clients");
  // The page's own connection (the Server panel's initialize + tools/list) is served by one instance...
  await page.getByRole("button", { name: "Server", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Your server, as a client sees it" });
  await panel.getByTestId("server-info").waitFor();
  await panel.getByRole("button", { name: "Close" }).click();
  // ...and an SDK 1.x client, as 2025-era hosts ship it, on the Connect panel's URL gets another.
  const url = await urlFromConnectPanel(page);
  const client = new ClientV1({ name: "inspector-lookalike", version: "0.20.0" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "decline" }));
  const transport = new TransportV1(new URL(url));
  await client.connect(transport);
  const result = (await client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-9" } })) as { content: { text: string }[] };
  expect(result.content[0].text).toMatch(/declin|not escalated/i);

  await page.getByRole("tab", { name: /Wire/ }).click();
  const callCard = outsideCards(page).filter({ hasText: "tools/call escalate_ticket" });
  await expect.poll(() => callCard.count()).toBe(1);
  const outsideInstance = /instance (\d+)/.exec(await callCard.getByTestId("wire-outside-client").innerText())?.[1];
  const pageCard = page.locator('[data-testid="wire-call"]:not(:has([data-testid="wire-outside-client"]))').first();
  if (!(await pageCard.evaluate((el) => (el as HTMLDetailsElement).open))) await pageCard.locator("summary").first().click();
  const pageInstance = /server instance (\d+)/.exec(await pageCard.getByTestId("server-instance").first().innerText())?.[1];
  expect(outsideInstance).toMatch(/^\d+$/);
  expect(pageInstance).toMatch(/^\d+$/);
  expect(outsideInstance).not.toBe(pageInstance);
  // The outside exchanges carry the same per-exchange badge as the page's own.
  await expect(callCard.getByTestId("server-instance").first().innerText()).resolves.toBe(`server instance ${outsideInstance} · this connection's own`);
  await page.screenshot({ path: `${OUT}1280-light-lesson16.png` });
  await transport.terminateSession();
  await client.close();
  expect(errors).toEqual([]);
  await context.close();
});

test("an outside client that vanishes without ending its session stops showing as connected once it goes quiet", async () => {
  // A backend of its own with a two-second quiet period (OUTSIDE_QUIET_SECONDS; thirty by default), so the test does
  // not sit out the real one; the server's spec times the default on a manual clock.
  const quick = await startBackend(undefined, { build: false, env: { OUTSIDE_QUIET_SECONDS: "2" } });
  try {
    const page = await (await newContext(browser())).newPage();
    await openLesson(page, quick.url, "12-connect-a-real-client");
    const url = await urlFromConnectPanel(page);
    const v1 = new ClientV1({ name: "vanishing-script", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    const transport = new TransportV1(new URL(url));
    await v1.connect(transport);
    await v1.listTools();
    await page.getByRole("tab", { name: /Wire/ }).click();
    await page.locator('[data-testid="wire-outside-connected"][data-client]').filter({ hasText: "vanishing-script" }).waitFor();
    // Gone as a killed process goes: its streams close, and no DELETE ends the session.
    await transport.close();
    await page.getByTestId("wire-outside-seen").filter({ hasText: "vanishing-script 1.0.0 was connected" }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("wire-outside-connected").count()).toBe(0);
  } finally {
    await quick.stop();
  }
});
