// For 2025 clients that cannot show forms: the question goes to the model as text, the answer comes back
// through the `sendElicitationResult` tool, which runs the original call again with it.
import { randomBytes } from "node:crypto";
import type { ToolErrorCode } from "../../contract/tool-errors";
import type { CallResult, ElicitAnswer, ElicitationRequest, ListedTool } from "../project/project-vm";
import type { FlowBinding } from "./request-state";

export const FALLBACK_TOOL = "sendElicitationResult";
const PENDING_LIMIT = 200;
const PENDING_TTL_MS = 10 * 60_000;

type Pending = { call: WaitingCall; request: ElicitationRequest; size: number; expires: number };

export const fallbackTool: ListedTool = {
  name: FALLBACK_TOOL,
  description:
    "Send the person's answer to a question a tool asked. Use it only after a tool result told you to ask the person something and gave you an elicitId.",
  inputSchema: {
    type: "object",
    properties: {
      elicitId: { type: "string", description: "The elicitId from the tool result that asked" },
      action: {
        type: "string",
        enum: ["accept", "decline", "cancel"],
        description: "accept with content, decline if the person said no, cancel if they dismissed it",
      },
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

/** A call waiting for its answer: what runs again once the answer comes, and what it was bound to. */
export type WaitingCall = { tool: string; args: unknown; answers: ElicitAnswer[]; questions: string[]; binding: FlowBinding };

/**
 * Per learner session: the questions waiting for an answer through sendElicitationResult. Bounded in count and in
 * bytes (the waiting calls' arguments and answers), the oldest going first; each id answers once.
 */
export class ElicitationFallback {
  private pending = new Map<string, Pending>();
  private bytes = 0;

  constructor(private maxBytes = 1024 * 1024) {}

  get heldBytes(): number {
    return this.bytes;
  }

  ask(call: WaitingCall, request: ElicitationRequest): CallResult {
    const now = Date.now();
    const size = Buffer.byteLength(JSON.stringify([call.args, call.answers, request]));
    if (size > this.maxBytes)
      return {
        content: [
          {
            type: "text",
            text: `The tool "${call.tool}" asked a question, but its call (${Math.ceil(size / 1024)} KB) is too large to keep while the person answers (the limit is ${Math.floor(this.maxBytes / 1024)} KB). Call it with smaller arguments.`,
          },
        ],
        isError: true,
        _meta: { code: "TOO_LARGE" satisfies ToolErrorCode },
      };
    for (const [id, p] of this.pending) if (p.expires < now || this.pending.size >= PENDING_LIMIT || this.bytes + size > this.maxBytes) this.drop(id, p);
    const elicitId = randomBytes(9).toString("base64url");
    this.pending.set(elicitId, { call, request, size, expires: now + PENDING_TTL_MS });
    this.bytes += size;
    const text = [
      `The tool "${call.tool}" needs an answer from the person before it can continue, and this client cannot show them a form.`,
      `Ask the person: ${request.message}`,
      ...describeFields(request),
      `Then call ${FALLBACK_TOOL} with {"elicitId": "${elicitId}", "action": "accept" | "decline" | "cancel", "content": {...the answers...}}.`,
      "Do not guess the answers yourself.",
    ].join("\n");
    return {
      content: [{ type: "text", text }],
      structuredContent: {
        elicitId,
        message: request.message,
        ...(request.mode === "url" ? { url: request.url } : { requestedSchema: request.requestedSchema }),
      },
      _meta: { code: "ELICITATION_PENDING" satisfies ToolErrorCode },
    };
  }

  /**
   * The waiting call with the new answer appended; undefined for an unknown, used or expired id, or one asked
   * under another build or before a reset (`binding` is the session's now).
   */
  take(elicitId: unknown, answer: ElicitAnswer, binding: FlowBinding): WaitingCall | undefined {
    if (typeof elicitId !== "string") return undefined;
    const p = this.pending.get(elicitId);
    if (!p) return undefined;
    this.drop(elicitId, p);
    if (p.expires < Date.now() || p.call.binding.build !== binding.build || p.call.binding.generation !== binding.generation) return undefined;
    return { ...p.call, answers: [...p.call.answers, answer] };
  }

  private drop(id: string, p: Pending): void {
    this.pending.delete(id);
    this.bytes -= p.size;
  }
}
