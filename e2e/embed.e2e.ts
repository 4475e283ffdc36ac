// ?embed=1 shows one lesson's editor and tabs without the playground's chrome.
import { expect, test } from "vitest";
import { newContext, openLesson, sharedBrowser } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

test("embed mode shows the lesson without chrome", async () => {
  const page = await (await newContext(browser())).newPage();
  await openLesson(page, base, "02-asking-with-elicit", "&embed=1");
  expect(await page.getByRole("combobox", { name: "Lesson" }).count()).toBe(0);
  expect(await page.getByRole("button", { name: "Connect a client" }).count()).toBe(0);
  await expect(page.getByRole("link", { name: "Open in the playground" }).isVisible()).resolves.toBe(true);
  await expect(page.getByRole("tab", { name: /Call/ }).isVisible()).resolves.toBe(true);
});
