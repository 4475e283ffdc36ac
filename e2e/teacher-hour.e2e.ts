// A full hour in real browsers: one teacher, a projector window and six learners. Joining from the projected short
// link, hints held then released, a raised hand, a stuck mark, remove, merge, closing joins, and the end with results
// for the teacher, a summary for each learner and final counts on the projector. Screenshots of the board, the grid
// and the projector at 1280 and 390 px in both themes. Its own backend, with a stuck time of seconds.
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBackend, type Backend } from "./support/backend";
import { sharedBrowser, themedPage, watchErrors } from "./support/browser";

const OUT = fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));
const browser = sharedBrowser();
const C1 = "c1-confirm-before-deleting";
const NAMES = ["Ana", "Ben", "Cem", "Dua", "Eli", "Ana"];

let backend: Backend;
let base = "";
const contexts: BrowserContext[] = [];
let teacher: Page;
let teacherErrors: string[] = [];
let projector: Page;
const learners: Page[] = [];
let code = "";

async function page(dark = false): Promise<Page> {
  const p = await themedPage(browser(), contexts, dark);
  // A shared, loaded machine: pages get longer than the default to load and to answer.
  p.setDefaultNavigationTimeout(120_000);
  p.setDefaultTimeout(60_000);
  return p;
}

const gridRow = (p: Page, name: string) => p.getByTestId("grid-row").filter({ has: p.getByRole("rowheader").getByRole("button", { name, exact: true }) });

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  // Idle for 9 s makes a learner stuck here (5 minutes by default): the mark shows within the test's time.
  process.env.ROOM_STUCK_IDLE_MINUTES = "0.15";
  backend = await startBackend(undefined, { build: false });
  delete process.env.ROOM_STUCK_IDLE_MINUTES;
  base = backend.url;
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await backend?.stop();
});

describe("the teacher's hour", () => {
  test("the teacher starts a room; the page warns that 127.0.0.1 is not reachable; the projector opens in its own window", async () => {
    teacher = await page();
    teacherErrors = watchErrors(teacher);
    await teacher.goto(base);
    await teacher.getByRole("link", { name: "Join a room" }).waitFor();
    await teacher.getByRole("button", { name: "Start a room" }).click();
    await teacher.getByLabel("Room name (optional)").fill("Thursday hour");
    await teacher.getByRole("button", { name: "Start the room" }).click();
    await teacher.getByTestId("room-code").waitFor({ timeout: 60_000 });
    code = await teacher.getByTestId("room-code").innerText();
    expect(await teacher.getByRole("alert").filter({ hasText: "only this computer can reach" }).count()).toBe(1);
    [projector] = await Promise.all([teacher.waitForEvent("popup"), teacher.getByRole("button", { name: "Open projector" }).click()]);
    await projector.getByTestId("projector-link").waitFor({ timeout: 30_000 });
    expect(await projector.getByTestId("projector-link").innerText()).toBe(`${new URL(base).host}/?join=${code}`);
    expect(new URL(projector.url()).hash).toBe("");
    expect(await projector.getByRole("button", { name: "End room" }).count()).toBe(0);
    await projector.getByRole("button", { name: "Full screen" }).waitFor();
  }, 300_000);

  test("six learners join from the projected short link; the second Ana becomes Ana (2)", async () => {
    const short = await projector.getByTestId("projector-link").innerText();
    for (const name of NAMES) {
      const p = await page();
      learners.push(p);
      await p.goto(`http://${short}`);
      await p.getByLabel("Your nickname").fill(name);
      await p.getByRole("button", { name: "Join" }).click();
      await p.getByTestId("own-rejoin-link").waitFor({ timeout: 30_000 });
      await p.getByRole("button", { name: "I have kept it" }).click();
    }
    await expect.poll(() => projector.getByTestId("projector-learners").innerText(), { timeout: 15_000 }).toContain("6 learners");
    await expect.poll(() => teacher.getByTestId("learner-name").allInnerTexts(), { timeout: 15_000 }).toEqual(["Ana", "Ben", "Cem", "Dua", "Eli", "Ana (2)"]);
    const projected = await projector.locator("body").innerText();
    for (const name of NAMES) expect(projected).not.toContain(name);
  }, 300_000);

  test("hints are held until the teacher releases them", async () => {
    const ben = learners[1];
    await ben.goto(`${base}/?lesson=${C1}`);
    await ben.getByRole("radiogroup", { name: "Tool" }).waitFor({ timeout: 30_000 });
    const runCheck = async () => {
      await ben.getByRole("tab", { name: /Tests/ }).click();
      await ben.getByRole("button", { name: "Check", exact: true }).click();
      await ben.getByTestId("check-results").getByTestId("check").first().waitFor({ timeout: 60_000 });
      return ben.getByTestId("check-results").innerText();
    };
    expect(await runCheck()).toContain("appear when your teacher releases them");
    await teacher.getByTestId(`item-${C1}`).getByRole("button", { name: "Release hints" }).click();
    await ben.getByTestId("released-help").waitFor({ timeout: 15_000 });
    await expect.poll(runCheck, { timeout: 60_000 }).not.toContain("appear when your teacher releases them");
  }, 300_000);

  test("a raised hand is in the teacher's queue with its question, and lowered from there", async () => {
    const cem = learners[2];
    await cem.getByRole("button", { name: "✋ Raise hand" }).click();
    await cem.getByLabel("Your question (optional)").fill("Where does the form come from?");
    await cem.getByRole("button", { name: "Raise hand", exact: true }).click();
    await cem.getByRole("button", { name: /Hand raised/ }).waitFor();
    const hand = teacher.getByTestId("hand");
    await expect.poll(() => hand.allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining("Where does the form come from?")]);
    expect(await hand.innerText()).toContain("Cem");
    await shots("hand");
    await hand.getByRole("button", { name: "Lower" }).click();
    await cem.getByRole("button", { name: "✋ Raise hand" }).waitFor({ timeout: 15_000 });
  }, 300_000);

  test("the grid shows each learner's items and marks an idle learner stuck", async () => {
    await teacher.getByRole("tab", { name: "Grid" }).click();
    await expect.poll(() => gridRow(teacher, "Dua").getAttribute("data-stuck"), { timeout: 45_000 }).toBe("true");
    expect(await gridRow(teacher, "Ben").locator(`td[data-state="tried"]`).count()).toBeGreaterThan(0);
    await teacher.getByRole("button", { name: "Stuck", exact: true }).click();
    await shots("grid");
  }, 300_000);

  test("the teacher removes Eli: Eli's page is told at once and the projector counts five", async () => {
    await gridRow(teacher, "Eli").getByRole("button", { name: "Remove" }).click();
    await teacher.getByTestId("roster-dialog").getByRole("button", { name: "Remove" }).click();
    await learners[4].getByText("You are no longer in the room").waitFor({ timeout: 15_000 });
    await expect.poll(() => projector.getByTestId("projector-learners").innerText(), { timeout: 15_000 }).toContain("5 learners");
  }, 300_000);

  test("the teacher merges Ana (2) into Ana: one row, and the second device is Ana", async () => {
    await gridRow(teacher, "Ana (2)").getByRole("button", { name: "Merge" }).click();
    const dialog = teacher.getByTestId("roster-dialog");
    await dialog.getByLabel("The same person as").selectOption({ label: "Ana" });
    await dialog.getByRole("button", { name: "Merge" }).click();
    await expect.poll(() => teacher.getByTestId("grid-row").count(), { timeout: 15_000 }).toBe(4);
    await expect.poll(() => learners[5].getByTestId("room-badge").innerText(), { timeout: 15_000 }).toMatch(/Ana$|Ana\n/);
  }, 300_000);

  test("closing joins turns a new learner away and tells the projector", async () => {
    await teacher.getByRole("tab", { name: "Board" }).click();
    await teacher.getByRole("button", { name: "Close joins" }).click();
    await projector.getByTestId("projector-closed").waitFor({ timeout: 15_000 });
    const late = await page();
    await late.goto(`${base}/?join=${code}`);
    await late.getByLabel("Your nickname").fill("Late");
    await late.getByRole("button", { name: "Join" }).click();
    expect(await late.getByTestId("join-error").innerText()).toMatch(/closed/);
  }, 300_000);

  test("End room shows the results first; learners get their summary; the projector shows final counts", async () => {
    await teacher.getByRole("button", { name: "End room" }).click();
    await teacher.getByTestId("results").waitFor({ timeout: 15_000 });
    expect(await teacher.getByTestId(`result-${C1}`).innerText()).toMatch(/confirm before deleting/i);
    await learners[1].getByTestId("own-summary").waitFor({ timeout: 15_000 });
    expect(await learners[1].getByTestId("own-summary").innerText()).toContain("Tried");
    await projector.getByTestId("projector-ended").waitFor({ timeout: 15_000 });
    await shots("results");
    const download = teacher.waitForEvent("download");
    await teacher.getByRole("button", { name: "Export CSV" }).click();
    const rows = readFileSync((await (await download).path())!, "utf8")
      .trim()
      .split("\r\n");
    expect(rows.length).toBeGreaterThan(1);
    expect(teacherErrors).toEqual([]);
  }, 300_000);
});

/** The teacher's page and the projector, light and dark, at 1280 and 390 px. */
async function shots(stage: string) {
  const teacherUrl = teacher.url();
  const projectorKey = new URLSearchParams(new URL(teacherUrl).hash.slice(1)).get("projector");
  for (const dark of [false, true]) {
    const t = dark ? await page(true) : teacher;
    if (dark) await t.goto(teacherUrl);
    await t.getByTestId("room-code").waitFor({ timeout: 30_000 });
    const pr = await page(dark);
    await pr.goto(`${base}/?projector=${code}#key=${projectorKey}`);
    await pr.getByTestId("projector").waitFor({ timeout: 30_000 });
    for (const width of [1280, 390]) {
      for (const [p, name] of [
        [t, "teacher"],
        [pr, "projector"],
      ] as const) {
        await p.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await p.waitForTimeout(200);
        await p.screenshot({ path: `${OUT}hour-${stage}-${name}-${dark ? "dark" : "light"}-${width}.png` });
      }
    }
    await teacher.setViewportSize({ width: 1280, height: 800 });
    await pr.close();
    if (dark) await t.close();
  }
}
