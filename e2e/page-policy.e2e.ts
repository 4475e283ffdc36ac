// The page works under its own Content-Security-Policy: Monaco's workers start, a form is shown and answered,
// and the browser reports no policy violation.
import { expect, test } from "vitest";
import { call, newContext, sharedBrowser, toolAsks } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

test("no Content-Security-Policy violation while editing, calling and answering", async () => {
  const page = await (await newContext(browser())).newPage();
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy|Refused to/i.test(m.text()) && violations.push(m.text()));
  page.on("pageerror", (e) => /Content Security Policy|unsafe-eval|Refused to/i.test(e.message) && violations.push(e.message));
  const response = await page.goto(`${base}/?lesson=02-asking-with-elicit`);
  expect(response?.headers()["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  // Monaco's TypeScript worker is up when the editor reports its problems count.
  await expect.poll(() => page.getByText(/Problems \(\d+\)/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await call(page, { id: "T-1" });
  await toolAsks(page).waitFor();
  await page.getByRole("checkbox", { name: "confirm", exact: true }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect.poll(() => page.getByTestId("call-outcome").innerText(), { timeout: 15_000 }).toMatch(/closed/);
  expect(violations).toEqual([]);
});
