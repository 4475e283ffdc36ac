// Each lesson names the client its text expects (meta.json `persona`): opening the lesson, from the menu or
// from a link, switches the Call tab's persona to it, whatever the learner picked before.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { newContext, openLesson, pickedPersona, pickLesson, pickPersona, sharedBrowser } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

/** The persona marked "(this lesson's)" in the picker, by name. */
const lessonsPersona = (page: Page) =>
  page.getByRole("radiogroup", { name: "Client persona" }).locator("label", { hasText: "(this lesson's)" }).locator("input").inputValue();

test("opening a lesson switches the persona to the one its text expects", async () => {
  const lessons = (await (await fetch(`${base}/api/lessons`)).json()) as { id: string; persona: string }[];
  const personaOf = (id: string) => lessons.find((l) => l.id === id)!.persona;
  expect(personaOf("07-clients-that-cannot-ask")).toBe("modern-no-elicitation");
  expect(personaOf("10-sensitive-data-url-mode")).toBe("modern-with-url");
  expect(personaOf("12-connect-a-real-client")).toBe("legacy");

  const page = await (await newContext(browser())).newPage();
  await openLesson(page, base, "02-asking-with-elicit");
  await expect.poll(() => pickedPersona(page)).toBe("modern");

  await expect(lessonsPersona(page)).resolves.toBe("modern");

  // Another client: the Call tab names the lesson's one and offers to switch back.
  await pickPersona(page, "legacy-no-forms");
  await page.getByText("This lesson is written for “2026-07-28 · forms” (modern).").waitFor();
  await page.getByRole("button", { name: "Switch back" }).click();
  await expect.poll(() => pickedPersona(page)).toBe("modern");
  expect(await page.getByRole("button", { name: "Switch back" }).count()).toBe(0);

  // The learner picks another client; the next lesson puts its own back.
  await pickPersona(page, "legacy-no-forms");
  await pickLesson(page, "07-clients-that-cannot-ask");
  await expect.poll(() => pickedPersona(page)).toBe("modern-no-elicitation");

  await pickLesson(page, "12-connect-a-real-client");
  await expect.poll(() => pickedPersona(page)).toBe("legacy");
  await expect(lessonsPersona(page)).resolves.toBe("legacy");

  // Back to a lesson whose persona is the same as a hand-picked one: still reset on opening.
  await pickPersona(page, "modern-with-url");
  await pickLesson(page, "07-clients-that-cannot-ask");
  await expect.poll(() => pickedPersona(page)).toBe("modern-no-elicitation");

  // A link straight to a lesson (a fresh page load) opens with that lesson's persona too.
  await pickPersona(page, "legacy");
  await openLesson(page, base, "c6-optional-asking");
  await expect.poll(() => pickedPersona(page)).toBe("modern-no-elicitation");
  await page.context().close();
});
