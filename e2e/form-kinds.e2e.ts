// Every form-mode field kind renders with a native control and submits the right JSON:
// defaults left alone stay default, and an untouched optional titled enum is not sent.
import { expect, test } from "vitest";
import { call, callResult, newContext, sentAnswers, shareHash, sharedBrowser, toolAsks } from "./support/browser";
import { baseUrl } from "./support/base-url";

const base = baseUrl();
const browser = sharedBrowser();

const KINDS_TOOL = `import { Tool, ToolContext, z } from "@frontmcp/sdk";

const everyKind = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name", minLength: 2 },
    email: { type: "string", title: "Email", format: "email" },
    site: { type: "string", title: "Website", format: "uri" },
    day: { type: "string", title: "Day", format: "date" },
    when: { type: "string", title: "When", format: "date-time" },
    seats: { type: "integer", title: "Seats", minimum: 1, maximum: 10, default: 2 },
    ratio: { type: "number", title: "Ratio", minimum: 0, maximum: 1 },
    vip: { type: "boolean", title: "VIP", default: false },
    color: { type: "string", title: "Color", enum: ["red", "green", "blue"] },
    priority: { type: "string", title: "Priority", oneOf: [{ const: "p1", title: "P1 urgent" }, { const: "p2", title: "P2 soon" }] },
    tags: { type: "array", title: "Tags", items: { type: "string", enum: ["a", "b", "c"] } },
    areas: { type: "array", title: "Areas", items: { anyOf: [{ const: "billing", title: "Billing" }, { const: "login", title: "Login" }] } },
  },
  required: ["name", "email"],
} as const;

@Tool({ name: "every_kind", description: "Asks with every kind of form field.", inputSchema: {} })
export class EveryKind extends ToolContext {
  async execute() {
    const answer = await this.elicit("Fill in every kind of field", everyKind);
    return { status: answer.status, content: answer.content ?? null };
  }
}
`;

test("a form with every field kind renders and submits the right JSON", async () => {
  const page = await (await newContext(browser())).newPage();
  await page.goto(`${base}/?lesson=02-asking-with-elicit${shareHash("02-asking-with-elicit", { "every-kind.tool.ts": KINDS_TOOL })}`);
  await page.getByRole("radio", { name: /every_kind/ }).waitFor({ timeout: 30_000 });
  await call(page);
  const form = toolAsks(page);
  await form.waitFor();

  // Each kind has its native control.
  expect(await form.getByRole("textbox", { name: "Email" }).getAttribute("type")).toBe("email");
  expect(await form.getByRole("textbox", { name: "Website" }).getAttribute("type")).toBe("url");
  expect(await form.locator('input[type="date"]').count()).toBe(1);
  expect(await form.locator('input[type="datetime-local"]').count()).toBe(1);
  const seats = form.getByRole("spinbutton", { name: "Seats" });
  expect([await seats.getAttribute("min"), await seats.getAttribute("max"), await seats.inputValue()]).toEqual(["1", "10", "2"]);
  expect(await form.getByRole("checkbox", { name: "VIP" }).isChecked()).toBe(false);
  const priorityOptions = await form.getByRole("combobox", { name: "Priority" }).locator("option").allInnerTexts();
  expect(priorityOptions).toEqual(["— not chosen —", "P1 urgent", "P2 soon"]);
  expect(await form.getByText("Name").first().innerText()).toContain("*");

  await form.getByRole("textbox", { name: "Name" }).fill("Ada");
  await form.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
  await form.getByRole("textbox", { name: "Website" }).fill("https://example.com");
  await form.locator('input[type="date"]').fill("2026-07-28");
  await form.locator('input[type="datetime-local"]').fill("2026-07-28T10:30");
  await form.getByRole("spinbutton", { name: "Ratio" }).fill("0.5");
  await form.getByRole("combobox", { name: "Color" }).selectOption({ label: "green" });
  await form.getByRole("checkbox", { name: "a", exact: true }).check();
  await form.getByRole("checkbox", { name: "c", exact: true }).check();
  await form.getByRole("checkbox", { name: "Login" }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await callResult(page).waitFor();

  const [sent] = (await sentAnswers(page)) as { action: string; content: Record<string, unknown> }[];
  expect(sent.action).toBe("accept");
  expect(sent.content).toEqual({
    name: "Ada",
    email: "ada@example.com",
    site: "https://example.com",
    day: "2026-07-28",
    when: new Date("2026-07-28T10:30").toISOString(),
    seats: 2,
    ratio: 0.5,
    vip: false,
    color: "green",
    tags: ["a", "c"],
    areas: ["login"],
  });
  expect(sent.content).not.toHaveProperty("priority");
  const result = JSON.parse(await callResult(page).getByTestId("result-text").first().innerText());
  expect(result).toMatchObject({ status: "accept", content: { name: "Ada", seats: 2 } });
});
