// Each lesson names the client its text expects (meta.json `persona`): opening the lesson, from the menu or
// from a link, switches the Call tab's persona to it, whatever the learner picked before.
import { expect, inject, test } from "vitest";
import type { Page } from "playwright-core";
import { newContext, openLesson, pickLesson, pickPersona, sharedBrowser } from "./support/browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

/** The picked persona's label, without the "(this lesson's)" mark. */
const checkedPersona = async (page: Page) =>
  (await page.getByRole("radiogroup", { name: "Client persona" }).locator("label:has(input:checked)").innerText()).replace("(this lesson's)", "").trim();
const lessonsPersona = async (page: Page) =>
  (await page.getByRole("radiogroup", { name: "Client persona" }).locator("label", { hasText: "(this lesson's)" }).innerText())
    .replace("(this lesson's)", "")
    .trim();

test("opening a lesson switches the persona to the one its text expects", async () => {
  const lessons = (await (await fetch(`${base}/api/lessons`)).json()) as { id: string; persona: string }[];
  const personaOf = (id: string) => lessons.find((l) => l.id === id)!.persona;
  expect(personaOf("07-clients-that-cannot-ask")).toBe("2026-none");
  expect(personaOf("12-connect-a-real-client")).toBe("2025-forms");

  const page = await (await newContext(browser())).newPage();
  await openLesson(page, base, "02-asking-with-elicit");
  await expect.poll(() => checkedPersona(page)).toBe("2026-07-28 · forms + URL");

  await expect(lessonsPersona(page)).resolves.toBe("2026-07-28 · forms + URL");

  // Another client: the Call tab names the lesson's one and offers to switch back.
  await pickPersona(page, /2025-11-25 · no forms/);
  await page.getByText("This lesson is written for “2026-07-28 · forms + URL”.").waitFor();
  await page.getByRole("button", { name: "Switch back" }).click();
  await expect.poll(() => checkedPersona(page)).toBe("2026-07-28 · forms + URL");
  expect(await page.getByRole("button", { name: "Switch back" }).count()).toBe(0);

  // The learner picks another client; the next lesson puts its own back.
  await pickPersona(page, /2025-11-25 · no forms/);
  await pickLesson(page, "07-clients-that-cannot-ask");
  await expect.poll(() => checkedPersona(page)).toBe("2026-07-28 · no elicitation");

  await pickLesson(page, "12-connect-a-real-client");
  await expect.poll(() => checkedPersona(page)).toBe("2025-11-25 · forms");
  await expect(lessonsPersona(page)).resolves.toBe("2025-11-25 · forms");

  // Back to a lesson whose persona is the same as a hand-picked one: still reset on opening.
  await pickPersona(page, /2026-07-28 · forms \+ URL/);
  await pickLesson(page, "07-clients-that-cannot-ask");
  await expect.poll(() => checkedPersona(page)).toBe("2026-07-28 · no elicitation");

  // A link straight to a lesson (a fresh page load) opens with that lesson's persona too.
  await pickPersona(page, /2025-11-25 · forms/);
  await openLesson(page, base, "c6-optional-asking");
  await expect.poll(() => checkedPersona(page)).toBe("2026-07-28 · no elicitation");
  await page.context().close();
});
