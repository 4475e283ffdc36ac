// The Tests tab: a run shows passes and a failure with expected, received and a diff; a
// challenge's Check shows each hidden check's verdict.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { newContext, sharedBrowser, shareHash, starterFiles } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

/** Opens lesson 06 with `files` (through a share link) in `theme` and presses Run tests on the Tests tab. */
async function runLesson06Tests(files: Record<string, string>, theme: "light" | "dark") {
  const context = await newContext(browser(), { dark: theme === "dark" });
  await context.addInitScript((t) => localStorage.setItem("elicitation-playground:theme", t), theme);
  const page = await context.newPage();
  await page.goto(`${base}/?lesson=06-testing-a-tool-that-asks${shareHash("06-testing-a-tool-that-asks", files)}`);
  await page.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
  await page.getByRole("tab", { name: /Tests/ }).click();
  await page.getByRole("button", { name: /Run tests/ }).click();
  return { context, page };
}

for (const theme of ["light", "dark"] as const) {
  test(`Run tests shows passes and a failure with a diff (${theme})`, async () => {
    const files = await starterFiles(base, "06-testing-a-tool-that-asks");
    const testFile = Object.keys(files).find((f) => f.endsWith(".test.ts"))!;
    files[testFile] += `
test("a deliberately wrong expectation", async ({ mcp }) => {
  expect({ id: "T-1", closed: true }).toEqual({ id: "T-1", closed: false });
});

test("a wrong status", async ({ mcp }) => {
  expect("open").toBe("closed");
});
`;
    const { context, page } = await runLesson06Tests(files, theme);
    await page.getByTestId("test-run").waitFor({ timeout: 60_000 });
    const passed = page.locator('[data-testid="test-result"][data-status="passed"]');
    const failed = page.locator('[data-testid="test-result"][data-status="failed"]');
    expect(await passed.count()).toBeGreaterThan(0);
    expect(await failed.count()).toBe(2);
    const failure = await failed.filter({ hasText: "a deliberately wrong expectation" }).innerText();
    expect(failure).toContain("a deliberately wrong expectation");
    expect(failure).toMatch(/Expected/);
    expect(failure).toMatch(/Received/);
    // The message keeps its lines, and the diff shows once, below it.
    expect(failure).toContain("expect(received).toEqual(expected) // deep equality\n");
    expect(failure.match(/- Expected/g)).toHaveLength(1);
    // A message that says Expected and Received in lines of its own says them once.
    const status = await failed.filter({ hasText: "a wrong status" }).innerText();
    expect(status).toContain('expect(received).toBe(expected) // Object.is equality\n\nExpected: "closed"\nReceived: "open"');
    expect(status.match(/Expected/g)).toHaveLength(1);
    const out = fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
    mkdirSync(out, { recursive: true });
    for (const [name, width] of [
      ["desktop", 1280],
      ["phone", 390],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId("test-run").screenshot({ path: `${out}failed-tests-${name}-${theme}.png` });
    }
    await context.close();
  });
}

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
  // The starter files do not solve the challenge: at least one check fails, with a hint shown only when asked for.
  expect(await page.locator('[data-testid="check"][data-passed="false"]').count()).toBeGreaterThan(0);
  await expect(page.getByTestId("check-results").innerText()).resolves.not.toContain("Hint:");
  await page
    .getByRole("button", { name: /^Show a hint for/ })
    .first()
    .click();
  await page.getByTestId("hint").first().waitFor();
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
    expect(panel.indexOf("Show a hint")).toBeGreaterThan(-1);
    expect(panel.indexOf("nested objects are not allowed")).toBeLessThan(panel.indexOf("Show a hint"));
    const out = fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
    mkdirSync(out, { recursive: true });
    await page.getByTestId("check-results").screenshot({ path: `${out}check-failure-${theme}.png` });
    await context.close();
  });
}

// A run whose report is over the server's byte cap (TEST_REPORT_KB, 512 KB by default): the tab says it was cut and
// how much, and the counts still cover every test. Screenshots in both themes, desktop and phone.
for (const theme of ["light", "dark"] as const) {
  test(`a report cut to the server's limit says so, with the whole run's counts (${theme})`, async () => {
    const files = await starterFiles(base, "06-testing-a-tool-that-asks");
    files["chatty.test.ts"] = `import { test } from "@frontmcp/testing";
for (let i = 0; i < 30; i++) test("chatty " + i, () => { console.log("z".repeat(80_000)); });
`;
    const { context, page } = await runLesson06Tests(files, theme);
    const notice = page.getByTestId("report-cut");
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.innerText()).toMatch(/too large to show whole: \d+ KB of it was cut to fit the server's limit of 512 KB/);
    expect(await page.getByTestId("test-run").innerText()).toMatch(/3\d passed/);
    // Each test's own console output was cut in the sandbox, and says so.
    expect(await page.getByTestId("test-run").innerText()).toContain("… console output cut");
    const out = fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
    mkdirSync(out, { recursive: true });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}report-cut-desktop-${theme}.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}report-cut-phone-${theme}.png` });
    await context.close();
  });
}
