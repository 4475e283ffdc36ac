import { expect, test, type McpTestClient, type RequestedSchema } from "@frontmcp/testing";

async function captureForm(mcp: McpTestClient, id: string): Promise<RequestedSchema | undefined> {
  let schema: RequestedSchema | undefined;
  mcp.onElicitation((request) => {
    schema = request.requestedSchema;
    return { action: "decline" };
  });
  await mcp.tools.call("schedule_callback", { id });
  return schema;
}
function isFlatField(field: Record<string, any>): boolean {
  if (["string", "number", "integer", "boolean"].includes(field.type)) return true;
  return field.type === "array" && field.items?.type !== "object" && field.items?.type !== "array";
}
function optionsOf(field: Record<string, any> | undefined): string[] {
  if (!field) return [];
  if (Array.isArray(field.enum)) return [...field.enum].sort();
  if (Array.isArray(field.oneOf)) return field.oneOf.map((option: { const: string }) => option.const).sort();
  return [];
}

test("Asks with a flat form", async ({ mcp }) => {
  const schema = await captureForm(mcp, "T-1");
  expect(schema).toBeDefined();
  const fields = Object.values(schema?.properties ?? {});
  expect(fields.length).toBeGreaterThan(0);
  expect(fields.every(isFlatField)).toBe(true);
});

test("The form asks for name, email, date and window", async ({ mcp }) => {
  const schema = await captureForm(mcp, "T-1");
  expect(Object.keys(schema?.properties ?? {})).toEqual(expect.arrayContaining(["name", "email", "date", "window"]));
});

test("Email and date fields say what they hold", async ({ mcp }) => {
  const schema = await captureForm(mcp, "T-1");
  expect(schema?.properties.email?.format).toBe("email");
  expect(schema?.properties.date?.format).toBe("date");
});

test("The window is a choice of morning or afternoon", async ({ mcp }) => {
  const schema = await captureForm(mcp, "T-1");
  expect(optionsOf(schema?.properties.window)).toEqual(["afternoon", "morning"]);
});

test("An accepted form books the callback", async ({ mcp }) => {
  mcp.onElicitation(() => ({
    action: "accept",
    content: { name: "Li Wei", email: "li@example.com", date: "2026-12-03", window: "afternoon" },
  }));
  const result = await mcp.tools.call("schedule_callback", { id: "T-2" });
  expect(result).toBeSuccessful();
  const booked = (await mcp.tools.call("list_callbacks", {})).json().callbacks;
  expect(booked).toEqual(
    expect.arrayContaining([expect.objectContaining({ ticketId: "T-2", name: "Li Wei", email: "li@example.com", date: "2026-12-03", window: "afternoon" })]),
  );
});

test("A declined or cancelled form books nothing", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  await mcp.tools.call("schedule_callback", { id: "T-3" });
  mcp.onElicitation(() => ({ action: "cancel" }));
  await mcp.tools.call("schedule_callback", { id: "T-3" });
  const booked: { ticketId: string }[] = (await mcp.tools.call("list_callbacks", {})).json().callbacks;
  expect(booked.filter((callback) => callback.ticketId === "T-3")).toHaveLength(0);
});

test("An empty name books nothing", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "accept", content: { name: "", email: "li@example.com", date: "2026-12-03", window: "morning" } };
  });
  await mcp.tools.call("schedule_callback", { id: "T-1" });
  expect(questions).toBeGreaterThan(0);
  const booked: { ticketId: string }[] = (await mcp.tools.call("list_callbacks", {})).json().callbacks;
  expect(booked.filter((callback) => callback.ticketId === "T-1")).toHaveLength(0);
});
