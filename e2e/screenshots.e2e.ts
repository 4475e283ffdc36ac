// Screenshots of each tab at 1280x800 in both themes, into test-results/screenshots/, for a
// person to look at: nothing cut off, nothing unstyled.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, expect, test } from "vitest";
import { call, callResult, newContext, openLesson, sharedBrowser, toolAsks } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const OUT = fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
const browser = sharedBrowser();
beforeAll(() => void mkdirSync(OUT, { recursive: true }));

for (const theme of ["light", "dark"] as const) {
  test(`every tab in the ${theme} theme`, async () => {
    const context = await newContext(browser(), { dark: theme === "dark", editor: "monaco" });
    await context.addInitScript((t) => localStorage.setItem("elicitation-playground:theme", t), theme);
    const page = await context.newPage();
    await openLesson(page, base, "09-a-richer-form");
    await page.locator(".monaco-editor .view-lines").waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${OUT}${theme}-1-start.png` });

    await call(page, { id: "T-1" });
    await toolAsks(page).getByRole("combobox", { name: "Priority" }).waitFor();
    await page.screenshot({ path: `${OUT}${theme}-2-call-form.png` });

    await toolAsks(page).getByRole("combobox", { name: "Priority" }).selectOption({ label: "P1: service down" });
    await toolAsks(page).getByRole("combobox", { name: "Product area" }).selectOption({ label: "api" });
    await page.getByRole("button", { name: "Accept" }).click();
    await callResult(page).waitFor();
    await page.screenshot({ path: `${OUT}${theme}-3-call-result.png` });

    await page.getByRole("tab", { name: /Wire/ }).click();
    await page.getByTestId("wire-call").first().waitFor();
    await page.screenshot({ path: `${OUT}${theme}-4-wire.png` });

    await page.getByRole("tab", { name: /Tests/ }).click();
    await page.getByRole("button", { name: /Run tests/ }).click();
    await page.getByTestId("test-run").or(page.getByRole("alert")).first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${OUT}${theme}-5-tests.png` });

    await page.getByRole("button", { name: "Connect a client" }).click();
    await page.screenshot({ path: `${OUT}${theme}-6-connect.png` });
    expect(await page.getByRole("dialog").isVisible()).toBe(true);
  });
}
