// Every rule the misbehaving client can break, against the reference close_ticket: the server refuses (or asks again),
// the ticket stays open, and the Call tab names the rule that answer keeps, with a link to the spec.
import { describe, expect, test } from "vitest";
import { eraOf, MISBEHAVIOUR_NAMES, MISBEHAVIOURS } from "../contract/misbehaviour";
import { themedShots } from "./support/shots";
import { call, callResult, newContext, openLesson, pickPersona, sharedBrowser, toolAsks, watchErrors } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();
const LESSON = "18-a-client-that-breaks-the-rules";

describe("a client that breaks the rules", () => {
  test("every choice gets the server's refusal, and the page names the rule it keeps", async () => {
    const page = await (await newContext(browser())).newPage();
    const errors = watchErrors(page);
    await openLesson(page, base, LESSON);
    await pickPersona(page, "misbehaving");
    for (const name of MISBEHAVIOUR_NAMES) {
      await page.getByTestId("break-picker").selectOption(name);
      await call(page, { id: "T-1" });
      await toolAsks(page).waitFor();
      // A 2025-11-25 rule is broken around the person's answer, whatever it is: a no keeps T-1 open for the next rule.
      if (eraOf(name) === "2025-11-25") await page.getByRole("button", { name: "Decline" }).click();
      else {
        await page.getByRole("checkbox", { name: "confirm", exact: true }).check();
        await page.getByRole("button", { name: "Accept" }).click();
      }
      if (MISBEHAVIOURS[name].expect === "asks_again") {
        // The server asks the same question again: this time the person declines.
        await expect.poll(() => toolAsks(page).isVisible(), { timeout: 20_000 }).toBe(true);
        await page.getByRole("button", { name: "Decline" }).click();
      }
      const note = page.getByTestId("rule-kept");
      await note.waitFor({ timeout: 20_000 });
      expect(await note.getAttribute("data-kept"), `${name}: ${await note.innerText()}`).toBe("true");
      expect(await note.innerText()).toContain(MISBEHAVIOURS[name].rule);
      expect(await note.getByRole("link", { name: "Read it in the spec" }).getAttribute("href")).toBe(MISBEHAVIOURS[name].spec);
      if (MISBEHAVIOURS[name].expect === "invalid_request_state") expect(await page.getByTestId("rpc-error-code").innerText()).toBe("-32602");
      if (MISBEHAVIOURS[name].expect === "invalid_answer") expect(await page.getByTestId("error-code").innerText()).toBe("INVALID_INPUT");
      if (MISBEHAVIOURS[name].expect === "refused_post") expect(await note.innerText()).toContain("HTTP 400 to the broken POST, JSON-RPC error -32600");
      if (name === "state-edited" || name === "answer-extra-field" || name === "answer-after-cancel")
        await themedShots(page, `misbehaving-${name}`, async (width) => {
          if (width === 390) await page.getByRole("tab", { name: "Try it" }).click();
          await note.scrollIntoViewIfNeeded();
        });
    }
    // None of them closed the ticket: a correct client's call finds it still open and asks.
    await pickPersona(page, "modern");
    await call(page, { id: "T-1" });
    await toolAsks(page).waitFor();
    await page.getByRole("button", { name: "Decline" }).click();
    await callResult(page).waitFor();
    expect(await page.getByTestId("rule-kept").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
