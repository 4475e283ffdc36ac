// The official-SDK track in the browser: the 1.x support desk answers its five-field form as a 2025-11-25 client,
// the Call and Wire tabs name the server instance, a pinned 2026-07-28 persona is told why it cannot connect, and
// the Connect panel offers every client's snippet. Screenshots of both themes into test-results/screenshots/.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { call, callResult, newContext, openLesson, pickPersona, sharedBrowser, toolAsks, watchErrors } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const OUT = fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
mkdirSync(OUT, { recursive: true });

for (const theme of ["light", "dark"] as const) {
  test(`the support desk on SDK 1.32, ${theme}`, async () => {
    const page = await (await newContext(browser(), { dark: theme === "dark" })).newPage();
    const errors = watchErrors(page);
    await openLesson(page, base, "13-support-desk-on-the-official-sdk");
    await pickPersona(page, "legacy");
    await call(page, { ticketId: "T-1042" });
    await toolAsks(page).waitFor();
    await expect(toolAsks(page).innerText()).resolves.toContain("T-1042");
    await page.screenshot({ path: `${OUT}official-${theme}-1-form.png` });
    await page
      .getByRole("combobox", { name: /Priority/ })
      .selectOption({ label: "P1: customers are blocked" })
      .catch(async () => {
        await page.getByRole("radio", { name: "P1: customers are blocked" }).check();
      });
    await page.getByRole("combobox", { name: /Area/ }).selectOption("billing");
    await page.getByRole("button", { name: "Accept" }).click();
    await callResult(page).waitFor();
    await expect(callResult(page).innerText()).resolves.toContain("Escalated T-1042 as ESC-0001");
    await expect(page.getByTestId("call-served-by").innerText()).resolves.toMatch(/server instance \d+ · this connection's own/);
    await page.screenshot({ path: `${OUT}official-${theme}-2-result.png` });

    await page.getByRole("tab", { name: /Wire/ }).click();
    await expect(page.getByTestId("server-instance").first().innerText()).resolves.toMatch(/this connection's own/);
    await page.screenshot({ path: `${OUT}official-${theme}-3-wire.png` });

    await page.getByRole("tab", { name: /Call/ }).click();
    await pickPersona(page, "modern");
    await call(page, { ticketId: "T-7" });
    await expect
      .poll(() =>
        page
          .getByRole("alert")
          .first()
          .innerText()
          .catch(() => ""),
      )
      .toContain("does not speak protocol 2026-07-28");

    await page.getByRole("button", { name: "Connect a client" }).click();
    const dialog = page.getByRole("dialog", { name: "Connect a real client" });
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const title of ["Claude Code", "VS Code: .vscode/mcp.json", "Cursor: .cursor/mcp.json", "MCP Inspector", "mcp-remote"]) expect(text).toContain(title);
    expect(text).toContain('"servers"');
    await page.screenshot({ path: `${OUT}official-${theme}-4-connect.png` });
    expect(errors).toEqual([]);
  });
}
