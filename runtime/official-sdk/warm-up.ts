// Every official-SDK VM is restored from one snapshot of the evaluated SDK, and much of what the SDK, zod and Ajv do
// the first time they run is built lazily and kept: zod compiles each schema's parser on its first parse, Ajv sets up
// its code generator and formats on its first compile. Paid in the snapshot's VM, that work would otherwise be paid
// again in every VM, once per connection: in a fresh VM the first `initialize` and the first answer cost many times
// what the same steps cost a second time.
//
// So the bundle ends by driving a throwaway server of its own through a whole elicitation round, over a transport of
// its own (never the stdio bridge), and dropping it; the worker drains the job queue before it takes the snapshot.
// Learner code then starts from an SDK that has already served once, as in a long-running host process: the SDK's
// code is unchanged, and nothing of the throwaway server is reachable from the learner's realm.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";

type Message = { jsonrpc: "2.0"; id?: string | number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: unknown };

/** The client's end, in the VM: answers the server's questions with `answer`, and matches responses to requests. */
class WarmUpTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private waiting = new Map<string | number, (message: Message) => void>();
  private nextId = 1;
  private begin!: () => void;
  /** Settles once the server has started the transport (it sets `onmessage` before that). */
  readonly started = new Promise<void>((resolve) => (this.begin = resolve));

  constructor(private answer: (request: Message) => unknown) {}

  async start(): Promise<void> {
    this.begin();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const m = message as Message;
    if (m.method !== undefined && m.id !== undefined) {
      const reply = { jsonrpc: "2.0", id: m.id, result: this.answer(m) } as JSONRPCMessage;
      void Promise.resolve().then(() => this.onmessage?.(reply));
    } else if (m.id !== undefined) {
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    }
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  request(method: string, params: Record<string, unknown>): Promise<Message> {
    const id = `warm-up-${this.nextId++}`;
    const answered = new Promise<Message>((resolve) => this.waiting.set(id, resolve));
    this.onmessage?.({ jsonrpc: "2.0", id, method, params } as JSONRPCMessage);
    return answered.then((m) => {
      if (m.error !== undefined) throw new Error(`warm-up ${method}: ${JSON.stringify(m.error)}`);
      return m;
    });
  }

  notify(method: string): void {
    this.onmessage?.({ jsonrpc: "2.0", method } as JSONRPCMessage);
  }
}

/** A form of the kinds lessons ask for, built afresh per question as a tool builds it: a one-of and an enum, a bounded integer, an email, a boolean with a default. */
export const warmUpForm = () => ({
  type: "object" as const,
  properties: {
    choice: {
      type: "string" as const,
      title: "Choice",
      oneOf: [
        { const: "a", title: "A" },
        { const: "b", title: "B" },
      ],
    },
    kind: { type: "string" as const, title: "Kind", enum: ["x", "y"] },
    count: { type: "integer" as const, title: "Count", minimum: 1, maximum: 10, default: 1 },
    email: { type: "string" as const, title: "Email", format: "email" as const },
    flag: { type: "boolean" as const, title: "Flag", default: true },
  },
  required: ["choice", "kind"],
});

/** What the tools check the answer with, as a learner's tool does with zod. */
export const WarmUpAnswer = z.object({
  choice: z.enum(["a", "b"]),
  kind: z.enum(["x", "y"]),
  count: z.number().int().min(1).max(10).default(1),
  email: z.string().email().optional(),
  flag: z.boolean().default(true),
});

export const WARM_UP_TOOL = "warm_up";
export const warmUpInput = { id: z.string().describe("Anything") };
const ANSWER = { action: "accept", content: { choice: "a", kind: "x", count: 2, email: "ann@example.com", flag: false } };

/** Connects a server that has the `warm_up` tool to `transport`; the tool asks warmUpForm() and checks the answer with WarmUpAnswer. */
export type WarmUpServer = (transport: Transport) => Promise<{ close(): Promise<void> }>;

/**
 * Serves one 2025-11-25 connection to completion: initialize, initialized, tools/list, and a tools/call whose tool
 * asks a question (answered by the transport). `connect` connects a server with the `warm_up` tool registered.
 */
export async function warmUp(connect: WarmUpServer): Promise<void> {
  let asked = 0;
  const transport = new WarmUpTransport((request) => (request.method === "elicitation/create" && ++asked ? ANSWER : {}));
  const server = await connect(transport);
  await transport.started;
  await transport.request("initialize", {
    protocolVersion: "2025-11-25",
    capabilities: { elicitation: { form: {} } },
    clientInfo: { name: "warm-up", version: "1.0.0" },
  });
  transport.notify("notifications/initialized");
  await transport.request("tools/list", {});
  const called = await transport.request("tools/call", { name: WARM_UP_TOOL, arguments: { id: "1" } });
  // The round must have gone the whole way: one question asked, the answer checked and used.
  const result = called.result as { content?: Array<{ text?: string }> };
  if (asked !== 1 || result.content?.[0]?.text !== "warm a") throw new Error(`warm-up tools/call: ${asked} questions, ${JSON.stringify(result)}`);
  await server.close();
}
