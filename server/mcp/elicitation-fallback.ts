// For 2025 clients that cannot show forms: the question goes to the model as text, the answer comes back
// through the `sendElicitationResult` tool, which runs the original call again with it.
import { randomBytes } from "node:crypto";
import type { CallResult, ElicitAnswer, ElicitationRequest, ListedTool } from "../project/project-vm";

export const FALLBACK_TOOL = "sendElicitationResult";
const PENDING_LIMIT = 200;
const PENDING_TTL_MS = 10 * 60_000;

type Pending = { tool: string; args: unknown; answers: ElicitAnswer[]; request: ElicitationRequest; expires: number };

export const fallbackTool: ListedTool = {
  name: FALLBACK_TOOL,
  description:
    "Send the person's answer to a question a tool asked. Use it only after a tool result told you to ask the person something and gave you an elicitId.",
  inputSchema: {
    type: "object",
    properties: {
      elicitId: { type: "string", description: "The elicitId from the tool result that asked" },
      action: { type: "string", enum: ["accept", "decline", "cancel"], description: "accept with content, decline if the person said no, cancel if they dismissed it" },
      content: { type: "object", description: "The person's answers, one property per field (only with accept)" },
    },
    required: ["elicitId", "action"],
  },
};

function describeFields(request: ElicitationRequest): string[] {
  if (request.mode === "url") return [`Ask the person to open this link: ${request.url}`];
  const schema = request.requestedSchema as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([field, p]) => {
    const options = (p.enum as string[] | undefined) ?? (p.oneOf as Array<{ const: string }> | undefined)?.map((o) => o.const);
    const kind = options ? `one of ${options.map((o) => JSON.stringify(o)).join(", ")}` : String(p.format ?? p.type);
    const notes = [kind, required.has(field) ? "required" : "optional", p.default !== undefined ? `default ${JSON.stringify(p.default)}` : ""].filter(Boolean);
    return `- ${field} (${notes.join(", ")})${p.description ? `: ${String(p.description)}` : p.title ? `: ${String(p.title)}` : ""}`;
  });
}

/** Per learner session: the questions waiting for an answer through sendElicitationResult. */
export class ElicitationFallback {
  private pending = new Map<string, Pending>();

  ask(tool: string, args: unknown, answers: ElicitAnswer[], request: ElicitationRequest): CallResult {
    const now = Date.now();
    for (const [id, p] of this.pending) if (p.expires < now || this.pending.size >= PENDING_LIMIT) this.pending.delete(id);
    const elicitId = randomBytes(9).toString("base64url");
    this.pending.set(elicitId, { tool, args, answers, request, expires: now + PENDING_TTL_MS });
    const text = [
      `The tool "${tool}" needs an answer from the person before it can continue, and this client cannot show them a form.`,
      `Ask the person: ${request.message}`,
      ...describeFields(request),
      `Then call ${FALLBACK_TOOL} with {"elicitId": "${elicitId}", "action": "accept" | "decline" | "cancel", "content": {...the answers...}}.`,
      "Do not guess the answers yourself.",
    ].join("\n");
    return {
      content: [{ type: "text", text }],
      structuredContent: { elicitId, message: request.message, ...(request.mode === "url" ? { url: request.url } : { requestedSchema: request.requestedSchema }) },
      _meta: { code: "ELICITATION_PENDING" },
    };
  }

  /** The original call with the new answer appended, or undefined for an unknown or expired id. */
  take(elicitId: unknown, answer: ElicitAnswer): { tool: string; args: unknown; answers: ElicitAnswer[] } | undefined {
    if (typeof elicitId !== "string") return undefined;
    const p = this.pending.get(elicitId);
    this.pending.delete(elicitId);
    if (!p || p.expires < Date.now()) return undefined;
    return { tool: p.tool, args: p.args, answers: [...p.answers, answer] };
  }
}
