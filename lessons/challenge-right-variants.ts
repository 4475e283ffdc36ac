// Right solutions a learner may write for each challenge, shaped differently from the reference (other files, names,
// wording and control flow): Check must pass every one.
import type { Files } from "./variant-kit";

/** Right solutions in other shapes than the reference: other files, names, wording and control flow. */
export const OTHER_RIGHT_SOLUTIONS: Record<string, (starter: Files) => Files> = {
  "c1-confirm-before-deleting": () => ({
    "desk.ts": `// The tickets live in a store of their own, with other field names.
export const desk: Array<{ key: string; subject: string }> = [
  { key: "T-1", subject: "Cannot log in" },
  { key: "T-2", subject: "Invoice total is wrong" },
  { key: "T-3", subject: "Login link expired" },
  { key: "T-4", subject: "Password reset email missing" },
];
`,
    "delete-ticket.tool.ts": `import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { desk } from "./desk";

@Tool({ name: "delete_ticket", inputSchema: { id: z.string() }, annotations: { destructiveHint: true } })
export class RemoveTicket extends ToolContext {
  async execute({ id }: { id: string }) {
    const index = desk.findIndex((t) => t.key === id);
    if (index < 0) throw new PublicMcpError("Unknown ticket " + id, "NO_SUCH_TICKET");
    const { subject } = desk[index];
    const reply = await this.elicit(\`Really remove "\${subject}" (\${id})?\`, z.object({ really: z.boolean().default(false) }));
    switch (reply.status) {
      case "cancel":
        return \`Nothing removed: the form was dismissed without an answer. Ask again later.\`;
      case "decline":
        return \`Nothing removed: the person refused.\`;
      default:
        if (reply.content.really !== true) return "Nothing removed: not confirmed.";
        desk.splice(index, 1);
        return \`Removed \${id}.\`;
    }
  }
}
`,
  }),
  "c2-act-after-asking": (starter) => ({
    ...starter,
    "close-ticket.tool.ts": `import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { outbox, tickets, type Ticket } from "./store";

function finish(ticket: Ticket) {
  ticket.status = "closed";
  ticket.history.push("closed after confirmation");
  outbox.push({ to: ticket.customer, subject: "Closed: " + ticket.id });
}

@Tool({ name: "close_ticket", inputSchema: { id: z.string() } })
export class CloseTicket extends ToolContext {
  async execute({ id }: { id: string }) {
    const ticket = tickets.get(id);
    if (!ticket) return this.fail(new PublicMcpError("No ticket " + id, "TICKET_NOT_FOUND"));
    const answer = await this.elicit("Close " + id + "?", z.object({ yes: z.boolean() }));
    if (answer.status === "accept" && answer.content.yes === true) {
      finish(ticket);
      return "Closed " + id;
    }
    return "Left " + id + " open";
  }
}
`,
  }),
  "c3-ask-only-when-needed": (starter) => ({
    ...starter,
    "assign-ticket.tool.ts": `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";

const team = z.enum(["ana", "bo", "chen"]);

@Tool({ name: "assign_ticket", inputSchema: { id: z.string(), agent: team.optional() } })
export class AssignTicket extends ToolContext {
  async execute({ id, agent }: { id: string; agent?: z.infer<typeof team> }) {
    const ticket = tickets.get(id);
    if (!ticket) this.fail("There is no " + id);
    if (agent) return this.give(ticket!, agent);
    const picked = await this.elicit("Pick an agent for " + id, z.object({ agent: team }));
    return picked.status === "accept" ? this.give(ticket!, picked.content.agent) : "Nobody was picked, so " + id + " stays unassigned.";
  }

  private give(ticket: { id: string; agent?: string }, agent: string) {
    ticket.agent = agent;
    return { assigned: agent };
  }
}
`,
  }),
  "c4-flatten-the-form": (starter) => ({
    ...starter,
    "schedule-callback.tool.ts": `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { callbacks, tickets } from "./store";

const form = z.object({
  name: z.string().min(1),
  email: z.email(),
  date: z.iso.date(),
  window: z.enum(["morning", "afternoon"]),
});

@Tool({ name: "schedule_callback", inputSchema: { id: z.string() } })
export class ScheduleCallback extends ToolContext {
  async execute({ id }: { id: string }) {
    if (!tickets.has(id)) this.fail("There is no ticket " + id);
    const reply = await this.elicit("When shall we call about " + id + "?", form);
    if (reply.status !== "accept") return "No callback booked.";
    const { name, email, date, window } = reply.content;
    callbacks.push({ ticketId: id, name, email, date, window });
    return "Booked " + date + " " + window;
  }
}
`,
  }),
  "c5-say-what-happened": (starter) => ({
    ...starter,
    "close-ticket.tool.ts": `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { outbox, tickets } from "./store";

const SAYS = {
  decline: "Declined: the person said no to closing this ticket. Stop here and never ask again.",
  cancel: "Cancelled: the person dismissed the form without choosing. Do not retry now.",
};

@Tool({ name: "close_ticket", inputSchema: { id: z.string() } })
export class CloseTicket extends ToolContext {
  async execute({ id }: { id: string }) {
    const ticket = tickets.get(id);
    if (!ticket) this.fail("There is no ticket " + id);
    const answer = await this.elicit("Close " + id + "?", z.object({ ok: z.boolean() }));
    if (answer.status !== "accept") return SAYS[answer.status];
    if (!answer.content.ok) return "Not confirmed, so the ticket stays open.";
    ticket!.status = "closed";
    outbox.push({ to: ticket!.customer, subject: "Closed " + id });
    return "Closed " + id;
  }
}
`,
  }),
  "c6-optional-asking": (starter) => ({
    ...starter,
    "close-stale-tickets.tool.ts": `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { STALE_AFTER_DAYS, tickets } from "./store";

@Tool({ name: "close_stale_tickets", inputSchema: { apply: z.boolean().optional() } })
export class CloseStaleTickets extends ToolContext {
  async execute({ apply }: { apply?: boolean }) {
    const stale = [...tickets.values()].filter((t) => t.status === "open" && t.daysSinceUpdate > STALE_AFTER_DAYS);
    if (apply !== true) return "Stale, would close: " + stale.map((t) => t.id).join(" ");
    const answer = await this.elicit("Close " + stale.length + " stale tickets?", z.object({ go: z.boolean() }));
    if (answer.status === "accept" && answer.content.go) stale.forEach((t) => (t.status = "closed"));
    return answer.status === "accept" && answer.content.go ? "Closed them." : "Closed nothing.";
  }
}
`,
  }),
  "c7-write-the-tests": (starter) => ({
    ...starter,
    "assign-ticket.test.ts": `import { describe, expect, test, type McpTestClient } from "@frontmcp/testing";

const agent = async (mcp: McpTestClient, id: string) => (await mcp.tools.call("get_ticket", { id })).json().agent;
function answering(mcp: McpTestClient, reply: () => any) {
  const asked: string[] = [];
  mcp.onElicitation((q) => {
    asked.push(q.message);
    return reply();
  });
  return asked;
}

describe("assign_ticket", () => {
  test("names an agent: no question", async ({ mcp }) => {
    const asked = answering(mcp, () => ({ action: "accept", content: { agent: "ana" } }));
    await mcp.tools.call("assign_ticket", { id: "T-1", agent: "chen" });
    expect(asked).toEqual([]);
    expect(await agent(mcp, "T-1")).toBe("chen");
  });
  test("no agent: the pick wins, and a wrong pick is refused", async ({ mcp }) => {
    answering(mcp, () => ({ action: "accept", content: { agent: "bo" } }));
    await mcp.tools.call("assign_ticket", { id: "T-2" });
    expect(await agent(mcp, "T-2")).toBe("bo");
    answering(mcp, () => ({ action: "accept", content: { agent: "nobody" } }));
    expect(await mcp.tools.call("assign_ticket", { id: "T-3" })).toBeError();
    expect(await agent(mcp, "T-3")).toBeUndefined();
  });
  test("decline and cancel leave it unassigned", async ({ mcp }) => {
    for (const action of ["decline", "cancel"]) {
      answering(mcp, () => ({ action }));
      await mcp.tools.call("assign_ticket", { id: "T-4" });
    }
    expect(await agent(mcp, "T-4")).toBeUndefined();
  });
  test("unknown ticket", async ({ mcp }) => {
    const asked = answering(mcp, () => ({ action: "accept", content: { agent: "ana" } }));
    expect(await mcp.tools.call("assign_ticket", { id: "T-404" })).toBeError("TICKET_NOT_FOUND");
    expect(asked).toHaveLength(0);
  });
});
`,
  }),
  "c8-support-desk-every-answer": (starter) => ({
    ...starter,
    "src/server.ts": starter["src/server.ts"]
      .replace(
        "    const answer = await server.server.elicitInput({",
        `    const caps = server.server.getClientCapabilities() ?? {};
    if (!("elicitation" in caps)) {
      return { content: [{ type: "text", text: "Ask the person for a priority (p1, p2, p3) and an area for " + ticketId + ", then try again with a client that shows forms." }] };
    }
    const answer = await server.server.elicitInput({`,
      )
      .replace(
        "    const parsed = EscalationAnswer.safeParse(answer.content);",
        `    switch (answer.action) {
      case "decline":
        return { content: [{ type: "text", text: "No escalation for " + ticketId + ": the person said no." }] };
      case "cancel":
        return { content: [{ type: "text", text: "The form for " + ticketId + " was closed; nothing was escalated." }] };
    }
    const parsed = EscalationAnswer.safeParse(answer.content);`,
      ),
  }),
  // The answer checked with a switch, the change and the email in one helper called only after a ticked yes.
  "c9-survive-a-client-that-breaks-the-rules": (starter) => ({
    ...starter,
    "close-ticket.tool.ts": `import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { outbox, tickets, type Ticket } from "./store";

function closeAndTell(ticket: Ticket) {
  ticket.status = "closed";
  outbox.push({ to: ticket.customer, subject: "Closed: " + ticket.id });
}

@Tool({ name: "close_ticket", inputSchema: { id: z.string() }, annotations: { destructiveHint: true } })
export class CloseTicket extends ToolContext {
  async execute({ id }: { id: string }) {
    const ticket = tickets.get(id);
    if (!ticket) throw new PublicMcpError("No ticket " + id, "NO_SUCH_TICKET");
    const reply = await this.elicit("Close " + id + " and tell " + ticket.customer + "?", z.object({ sure: z.boolean().default(false) }));
    switch (reply.status) {
      case "accept":
        if (!reply.content.sure) return "Left open: the box was not ticked.";
        closeAndTell(ticket);
        return { closed: true, id };
      default:
        return "Left open: " + reply.status + ".";
    }
  }
}
`,
  }),
  "c10-finish-after-sign-in": (starter) => ({
    ...starter,
    "send-invoice.tool.ts": `import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { invoices, sent } from "./store";

@Tool({ name: "send_invoice", inputSchema: { id: z.string() } })
export class SendInvoice extends ToolContext {
  async execute({ id }: { id: string }) {
    if (!invoices.has(id)) throw new PublicMcpError("No invoice " + id, "INVOICE_NOT_FOUND");
    // requireUrl: -32042 for a 2025-11-25 client that opens links, a URL-mode question for the rest.
    const page = this.outsidePage("billing-sign-in", { invoice: id });
    const status = await this.requireUrl("Sign in to billing to send invoice " + id, page);
    if (status !== "completed") return this.fail(new PublicMcpError("Not sent: the billing sign-in was " + status + ".", "NOT_SIGNED_IN"));
    sent.push(id);
    return { id, sent: true };
  }
}
`,
  }),
};
