// The tools the suite's 2025-11-25 elicitation scenarios call. On that revision the question is pushed as
// elicitation/create on the call's stream; the tool code is the same as for 2026-07-28.
import { Tool, ToolContext, z } from "@frontmcp/sdk";

@Tool({ name: "test_elicitation", inputSchema: { message: z.string() }, description: "Asks for a username and an email, with the given message" })
export class AskForProfileTool extends ToolContext {
  async execute(input: { message: string }) {
    const answer = await this.elicit(input.message, {
      type: "object",
      properties: {
        username: { type: "string", description: "User's response" },
        email: { type: "string", description: "User's email address" },
      },
      required: ["username", "email"],
    });
    return `User response: action=${answer.status}, content=${JSON.stringify(answer.content ?? {})}`;
  }
}

@Tool({ name: "test_elicitation_sep1034_defaults", inputSchema: {}, description: "Asks with a default for every primitive field type" })
export class DefaultsTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("Check your details", {
      type: "object",
      properties: {
        name: { type: "string", default: "John Doe" },
        age: { type: "integer", default: 30 },
        score: { type: "number", default: 95.5 },
        status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
        verified: { type: "boolean", default: true },
      },
    });
    return `Elicitation completed: action=${answer.status}, content=${JSON.stringify(answer.content ?? {})}`;
  }
}

@Tool({ name: "test_elicitation_sep1330_enums", inputSchema: {}, description: "Asks with each of the five enum shapes" })
export class EnumsTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("Pick your options", {
      type: "object",
      properties: {
        untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
        titledSingle: {
          type: "string",
          oneOf: [
            { const: "value1", title: "First Option" },
            { const: "value2", title: "Second Option" },
            { const: "value3", title: "Third Option" },
          ],
        },
        legacyEnum: { type: "string", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
        untitledMulti: { type: "array", items: { type: "string", enum: ["option1", "option2", "option3"] } },
        titledMulti: {
          type: "array",
          items: {
            anyOf: [
              { const: "value1", title: "First Choice" },
              { const: "value2", title: "Second Choice" },
              { const: "value3", title: "Third Choice" },
            ],
          },
        },
      },
    });
    return `Elicitation completed: action=${answer.status}, content=${JSON.stringify(answer.content ?? {})}`;
  }
}

@Tool({
  name: "test_custom_header",
  description: "Mirrors its region argument into the Mcp-Param-Region header (x-mcp-header, 2026-07-28)",
  inputSchema: { region: z.string().meta({ "x-mcp-header": "Region" }) },
})
export class CustomHeaderTool extends ToolContext {
  async execute(input: { region: string }) {
    return `region: ${input.region}`;
  }
}
