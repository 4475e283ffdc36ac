// A session exported from the page, reopened with the backend stopped: no request leaves the page, and Previous and
// Next walk its exchanges in the Call and Wire tabs. Hostile recordings are refused with a message, never a broken page.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { freePort, startBackend } from "./support/backend";
import { themedShots } from "./support/shots";
import { call, callResult, newContext, openLesson, sharedBrowser, toolAsks, watchErrors } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const openFile = (page: Page, name: string, text: string) =>
  page.getByTestId("recording-file").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });

test("an exported session reopens with the server stopped, sends nothing, and steps through its rounds", async () => {
  const port = await freePort();
  const backend = await startBackend(port, { build: false });
  const own = `http://127.0.0.1:${port}`;
  let stopped = false;
  try {
    const page = await (await newContext(browser())).newPage();
    const errors = watchErrors(page);
    await openLesson(page, own, "02-asking-with-elicit");
    await call(page, { id: "T-1" });
    await toolAsks(page).waitFor();
    await page.getByRole("checkbox", { name: "confirm", exact: true }).check();
    await page.getByRole("button", { name: "Accept" }).click();
    await callResult(page).waitFor();
    await themedShots(page, "export-button");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export session" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^02-asking-with-elicit-.*\.mcp-session\.json$/);
    const text = readFileSync((await download.path())!, "utf8");
    const recording = JSON.parse(text);
    expect(recording).toMatchObject({ format: "mcp-session", version: 1, persona: "modern", lesson: { id: "02-asking-with-elicit" } });
    expect(recording.calls).toHaveLength(1);
    expect(recording.calls[0]).toMatchObject({ tool: "close_ticket", answers: [{ answer: { action: "accept", content: { confirm: true } } }] });
    expect(recording.files["close-ticket.tool.ts"]).toContain("elicit");
    const rounds = recording.wire.flatMap((g: { exchanges: { requestBody?: { method?: string }; startedAt: number }[] }) => g.exchanges);
    expect(rounds.filter((x: { requestBody?: { method?: string } }) => x.requestBody?.method === "tools/call")).toHaveLength(2);
    expect(rounds.every((x: { startedAt: number }) => x.startedAt > 0)).toBe(true);

    // The replay page is loaded while the server runs; then the server stops and every request is watched.
    const replay = await (await newContext(browser())).newPage();
    const replayErrors = watchErrors(replay);
    await replay.goto(`${own}/?replay`);
    await replay.getByTestId("recording-drop").waitFor();
    await backend.stop();
    stopped = true;
    const sent: string[] = [];
    replay.on("request", (r) => sent.push(r.url()));
    await openFile(replay, download.suggestedFilename(), text);

    const step = replay.getByTestId("replay-step");
    await step.waitFor();
    const total = Number((await step.innerText()).match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(2);
    // Mid-call, the Call tab says the call is under way; at its last exchange it shows the result and the answer.
    await expect(replay.getByTestId("replay-call").innerText()).resolves.toContain("close_ticket");
    for (let i = 1; i < total; i++) await replay.getByRole("button", { name: /Next/ }).click();
    await expect(step.innerText()).resolves.toContain(`Step ${total} of ${total}`);
    expect(await replay.getByRole("button", { name: /Next/ }).isDisabled()).toBe(true);
    const result = replay.getByTestId("call-outcome");
    expect(JSON.parse(await result.getByTestId("result-text").first().innerText())).toMatchObject({ id: "T-1", closed: true });
    await expect(replay.getByTestId("sent-answer").getAttribute("data-answer")).resolves.toBe('{"action":"accept","content":{"confirm":true}}');
    await themedShots(replay, "replay-call");

    await replay.getByRole("tab", { name: "Wire" }).click();
    const card = replay.getByTestId("replay-wire").getByTestId("wire-call").first();
    await expect(card.locator('[data-testid="wire-exchange"][data-rpc-method="tools/call"]').count()).resolves.toBe(2);
    const diagram = card.getByRole("img", { name: "Sequence diagram of this call" });
    await expect(diagram.textContent()).resolves.toContain("result: complete");
    await themedShots(replay, "replay-wire");

    // Back a step: the diagram loses the last arrows, the Call tab the result.
    await replay.getByRole("button", { name: /Previous/ }).click();
    await expect(diagram.textContent()).resolves.not.toContain("result: complete");
    await replay.getByRole("tab", { name: "Call" }).click();
    expect(await replay.getByTestId("call-outcome").count()).toBe(0);
    // Alt+→ steps forward from the keyboard, as Next does.
    await replay.keyboard.press("Alt+ArrowRight");
    await replay.getByTestId("call-outcome").waitFor();

    expect(sent).toEqual([]);
    expect([...errors, ...replayErrors]).toEqual([]);
  } finally {
    if (!stopped) await backend.stop();
  }
});

describe("a wrong or hostile recording", () => {
  const good = () => ({
    format: "mcp-session",
    version: 1,
    exportedAt: new Date().toISOString(),
    source: "page",
    lesson: { id: "x", title: "X" },
    files: {},
    persona: "modern",
    calls: [],
    wire: [],
  });

  test("is refused with a message that says why, and the picker stays", async () => {
    const page = await (await newContext(browser())).newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/?replay`);
    const problem = page.getByTestId("recording-problem");
    const cases: [string, string, RegExp][] = [
      ["not-json.mcp-session.json", "{nope", /not JSON/],
      ["other.mcp-session.json", JSON.stringify({ ...good(), version: 7 }), /version 7; this playground opens version 1/],
      ["deep.mcp-session.json", `${"[".repeat(5000)}${"]".repeat(5000)}`, /nests deeper than 64/],
      ["big.mcp-session.json", " ".repeat(5 * 1024 * 1024 + 1), /at most 5\.0 MB/],
      ["shape.mcp-session.json", JSON.stringify({ ...good(), calls: "all of them" }), /does not match its format at \$\.calls/],
    ];
    for (const [name, text, why] of cases) {
      await openFile(page, name, text);
      await expect.poll(() => problem.innerText().catch(() => "")).toMatch(why);
      expect(await page.getByTestId("recording-drop").isVisible()).toBe(true);
    }
    await themedShots(page, "replay-refused");
    expect(errors).toEqual([]);
  });

  test("holding a script in its strings is shown as text, and the script never runs", async () => {
    const page = await (await newContext(browser())).newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/?replay`);
    const hostile = { ...good(), files: { "x.tool.ts": '<script>window.ran = 1</script><img src=x onerror="window.ran=2">' } };
    await openFile(page, "hostile.mcp-session.json", JSON.stringify(hostile));
    await page.getByTestId("recording-markup").waitFor();
    await page.getByRole("tab", { name: "Files" }).click();
    await expect(page.getByTestId("replay-file").innerText()).resolves.toContain("<script>window.ran = 1</script>");
    expect(await page.evaluate(() => (window as { ran?: number }).ran)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  test("?replay=URL opens a recording from this origin only", async () => {
    const page = await (await newContext(browser())).newPage();
    // A file this origin serves (the page's own address holds the same path in its query, so match on the path).
    await page.route(
      (url) => url.pathname === "/recordings/ok.mcp-session.json",
      (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(good()) }),
    );
    await page.goto(`${base}/?replay=/recordings/ok.mcp-session.json`);
    await page.getByTestId("recording-about").or(page.getByTestId("recording-problem")).waitFor();
    expect(await page.getByTestId("recording-problem").count(), await page.locator("main").innerText()).toBe(0);
    await page.goto(`${base}/?replay=${encodeURIComponent("https://example.com/a.mcp-session.json")}`);
    await expect(page.getByTestId("recording-problem").innerText()).resolves.toMatch(/only be opened from this playground/);
    await page.goto(`${base}/?replay=/api/lessons`);
    await expect(page.getByTestId("recording-problem").innerText()).resolves.toMatch(/not an API or MCP address/);
  });
});
