// Small projects of the lesson kind used across integration tests.

/** A tool body that stalls in native code: indexOf on a 4 MB string runs inside QuickJS's C code, which never looks at the interrupt flag. */
export const NATIVE_STALL = 'return { at: "a".repeat(4e6).indexOf("a".repeat(4000) + "b") };';

export const STORE = `export type Ticket = { id: string; title: string; status: "open" | "closed"; agent?: string };
export const tickets = new Map<string, Ticket>([
  ["T-1", { id: "T-1", title: "Cannot log in", status: "open" }],
  ["T-2", { id: "T-2", title: "Invoice is wrong", status: "open" }],
]);
export const history: string[] = [];
`;

const CONFIRM_TOOL = `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";

@Tool({
  name: "close_ticket",
  description: "Close a help desk ticket",
  inputSchema: { id: z.string().describe("Ticket id, like T-1") },
  annotations: { destructiveHint: true },
})
export class CloseTicketTool extends ToolContext {
  async execute({ id }: { id: string }) {
    const ticket = tickets.get(id);
    if (!ticket) this.fail(\`No ticket \${id}\`);
    const answer = await this.elicit(\`Close \${id} "\${ticket!.title}"?\`, z.object({ confirm: z.boolean().describe("Tick to close the ticket") }));
    if (answer.status === "decline") return { id, closed: false, reason: "declined" };
    if (answer.status === "cancel") return { id, closed: false, reason: "cancelled" };
    if (!answer.content!.confirm) return { id, closed: false, reason: "not confirmed" };
    ticket!.status = "closed";
    return { id, closed: true };
  }
}
`;

const ASSIGN_TOOL = `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";

const AGENTS = ["ana", "bo", "chen"] as const;

@Tool({ name: "assign_ticket", inputSchema: { id: z.string(), agent: z.enum(AGENTS).optional() } })
export class AssignTicketTool extends ToolContext {
  async execute({ id, agent }: { id: string; agent?: (typeof AGENTS)[number] }) {
    let chosen = agent;
    if (!chosen) {
      const answer = await this.elicit("Who should take " + id + "?", z.object({ agent: z.enum(AGENTS) }));
      if (answer.status !== "accept") return { id, assigned: false };
      chosen = answer.content!.agent;
    }
    tickets.get(id)!.agent = chosen;
    return { id, agent: chosen };
  }
}
`;

const HISTORY_TOOL = `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { history } from "./store";

@Tool({ name: "reopen_ticket", inputSchema: { id: z.string() } })
export class ReopenTool extends ToolContext {
  async execute({ id }: { id: string }) {
    history.push("reopen requested for " + id);
    const answer = await this.elicit("Reopen " + id + "?", z.object({ confirm: z.boolean() }));
    return { id, confirmed: answer.status === "accept", history: [...history] };
  }
}
`;

const TWO_QUESTIONS_TOOL = `import { Tool, ToolContext, z } from "@frontmcp/sdk";

@Tool({ name: "escalate", inputSchema: { id: z.string() } })
export class EscalateTool extends ToolContext {
  async execute({ id }: { id: string }) {
    const first = await this.elicit("Priority for " + id + "?", z.object({ priority: z.enum(["P1", "P2", "P3"]) }));
    if (first.status !== "accept") return { id, escalated: false };
    const second = await this.elicit("Notify the customer?", z.object({ notify: z.boolean() }));
    return { id, priority: first.content!.priority, notify: second.status === "accept" && second.content!.notify };
  }
}
`;

const URL_TOOL = `import { Tool, ToolContext } from "@frontmcp/sdk";

@Tool({ name: "connect_crm", inputSchema: {} })
export class ConnectCrm extends ToolContext {
  async execute() {
    const answer = await this.elicit("Sign in to the CRM", { mode: "url", url: "https://crm.example.com/sign-in?session=abc" });
    return { consent: answer.status };
  }
}
`;

export const helpDesk = (extra: Record<string, string> = {}) => ({
  "store.ts": STORE,
  "close-ticket.tool.ts": CONFIRM_TOOL,
  "assign-ticket.tool.ts": ASSIGN_TOOL,
  "reopen-ticket.tool.ts": HISTORY_TOOL,
  "escalate.tool.ts": TWO_QUESTIONS_TOOL,
  "connect-crm.tool.ts": URL_TOOL,
  ...extra,
});
