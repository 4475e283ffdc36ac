// The Tests tab: a run shows passes and a failure with expected, received and a diff; a
// challenge's Check shows each hidden check's verdict.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, inject, test } from "vitest";
import { newContext, shareHash, sharedBrowser } from "./support/browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

async function lessonFiles(id: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/lessons/${id}`);
  return ((await res.json()) as { files: Record<string, string> }).files;
}

test("Run tests shows passes and a failure with a diff", async () => {
  const files = await lessonFiles("06-testing-a-tool-that-asks");
  const testFile = Object.keys(files).find((f) => f.endsWith(".test.ts"))!;
  files[testFile] += `
test("a deliberately wrong expectation", async ({ mcp }) => {
  expect({ id: "T-1", closed: true }).toEqual({ id: "T-1", closed: false });
});
`;
  const page = await (await newContext(browser())).newPage();
  await page.goto(`${base}/?lesson=06-testing-a-tool-that-asks${shareHash("06-testing-a-tool-that-asks", files)}`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  await page.getByRole("tab", { name: /Tests/ }).click();
  await page.getByRole("button", { name: /Run tests/ }).click();
  await page.getByTestId("test-run").waitFor({ timeout: 60_000 });
  const passed = page.locator('[data-testid="test-result"][data-status="passed"]');
  const failed = page.locator('[data-testid="test-result"][data-status="failed"]');
  expect(await passed.count()).toBeGreaterThan(0);
  expect(await failed.count()).toBe(1);
  const failure = await failed.innerText();
  expect(failure).toContain("a deliberately wrong expectation");
  expect(failure).toMatch(/Expected/);
  expect(failure).toMatch(/Received/);
});

test("a challenge's Check shows per-check results", async () => {
  const lessons = (await (await fetch(`${base}/api/lessons`)).json()) as { id: string; kind: string }[];
  const challenge = lessons.find((l) => l.kind === "challenge")!;
  const page = await (await newContext(browser())).newPage();
  await page.goto(`${base}/?lesson=${challenge.id}`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  await page.getByRole("tab", { name: /Tests/ }).click();
  await page.getByRole("button", { name: "Check" }).click();
  const checks = page.getByTestId("check");
  await checks.first().waitFor({ timeout: 60_000 });
  expect(await checks.count()).toBeGreaterThanOrEqual(4);
  // The starter files do not solve the challenge: at least one check fails, with a hint.
  expect(await page.locator('[data-testid="check"][data-passed="false"]').count()).toBeGreaterThan(0);
  await expect(page.getByTestId("check-results").innerText()).resolves.toContain("Hint:");
});

for (const theme of ["light", "dark"] as const) {
  test(`Check says the tool's own failure first, with file and line, before the hints (${theme})`, async () => {
    const context = await newContext(browser(), { dark: theme === "dark" });
    await context.addInitScript((t) => localStorage.setItem("elicitation-playground:theme", t), theme);
    const page = await context.newPage();
    // The starter of c4 asks with a nested form: the runtime refuses it on every call.
    await page.goto(`${base}/?lesson=c4-flatten-the-form`);
    await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
    await page.getByRole("tab", { name: /Tests/ }).click();
    await page.getByRole("button", { name: "Check" }).click();
    const banner = page.getByTestId("check-failure");
    await banner.waitFor({ timeout: 60_000 });
    expect(await banner.innerText()).toMatch(/nested objects are not allowed.*\(at schedule-callback\.tool\.ts:\d+\)/s);
    const panel = await page.getByTestId("check-results").innerText();
    expect(panel.indexOf("nested objects are not allowed")).toBeLessThan(panel.indexOf("Hint:"));
    const out = fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
    mkdirSync(out, { recursive: true });
    await page.getByTestId("check-results").screenshot({ path: `${out}check-failure-${theme}.png` });
    await context.close();
  });
}
