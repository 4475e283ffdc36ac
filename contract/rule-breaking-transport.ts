// The one place a `misbehaving` 2025-11-25 client bends the official SDK client's transport, for the rules the SDK
// itself never breaks: reusing the JSON-RPC id of a request still in flight, answering a pushed question twice, and
// answering one the server withdrew. Every message is still the SDK client's own, sent by the SDK's transport; the
// adapter only changes an id, sends an answer again, or hides the server's withdrawal from the client.
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";

type Id = string | number;
/** What the server answered the one POST that broke the rule. */
export type BrokenSend = { status: number; text: string };
export type TransportBreak = "id-in-flight" | "answer-twice" | "answer-after-cancel";

const idOf = (m: JSONRPCMessage): Id | undefined => ("id" in m && (typeof m.id === "string" || typeof m.id === "number") ? m.id : undefined);
const isRequest = (m: JSONRPCMessage) => "method" in m && idOf(m) !== undefined;
const isResponse = (m: JSONRPCMessage) => !("method" in m) && ("result" in m || "error" in m);

/** The HTTP answer to one send: `took` (202 for a posted answer) when the server took it, the error's status and body when not. */
async function answerTo(send: () => Promise<unknown>, took = 202): Promise<BrokenSend> {
  try {
    await send();
    return { status: took, text: "" };
  } catch (error) {
    const e = error as { status?: unknown; data?: { text?: unknown }; message?: string };
    if (typeof e.status !== "number") throw error;
    return { status: e.status, text: typeof e.data?.text === "string" ? e.data.text : (e.message ?? "") };
  }
}

export type RuleBreaking = {
  /** The next request the client sends takes the id of the oldest one still in flight. */
  reuseIdInFlight(): void;
};

/**
 * Bends `transport` (before the client connects) to break `rule`; `broken` gets the server's answer to the POST that
 * broke it. "answer-after-cancel" hides the server's notifications/cancelled, so the SDK client still sends the
 * person's answer once it has one.
 */
export function breakRule(transport: Transport, rule: TransportBreak, broken: (answer: BrokenSend) => void): RuleBreaking {
  const inFlight: Id[] = [];
  let reuse = false;
  /** The reused id's next response belongs to the request that reused it. */
  let alias: { reused: Id; own: Id } | undefined;
  /** The client's last notifications/cancelled, until the server has answered it. */
  let cancelled: Promise<unknown> = Promise.resolve();
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    if (reuse && isRequest(message) && inFlight.length) {
      reuse = false;
      const own = idOf(message)!;
      alias = { reused: inFlight[0]!, own };
      try {
        return await send({ ...message, id: alias.reused } as JSONRPCMessage, options);
      } catch (error) {
        // Refused: no answer of the server's will carry the reused id for this request.
        alias = undefined;
        throw error;
      }
    }
    if (isRequest(message)) inFlight.push(idOf(message)!);
    if (rule === "answer-after-cancel" && isResponse(message)) {
      // Late for sure: posted only once the server has taken the client's cancel (and so withdrawn its question).
      await cancelled;
      return broken(await answerTo(() => send(message, options)));
    }
    const sent = send(message, options);
    if ("method" in message && message.method === "notifications/cancelled") cancelled = sent.catch(() => undefined);
    await sent;
    if (rule === "answer-twice" && isResponse(message)) broken(await answerTo(() => send(message, options)));
  };
  let deliver: Transport["onmessage"];
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    get: () => deliver && receive,
    set: (handler: Transport["onmessage"]) => void (deliver = handler),
  });
  const receive = ((message: JSONRPCMessage, extra?: unknown) => {
    if (rule === "answer-after-cancel" && "method" in message && message.method === "notifications/cancelled") return;
    const id = idOf(message);
    if (alias && id === alias.reused && isResponse(message)) {
      message = { ...message, id: alias.own } as JSONRPCMessage;
      alias = undefined;
    } else if (id !== undefined && isResponse(message) && inFlight.includes(id)) inFlight.splice(inFlight.indexOf(id), 1);
    (deliver as ((m: JSONRPCMessage, e?: unknown) => void) | undefined)?.(message, extra);
  }) as NonNullable<Transport["onmessage"]>;
  return { reuseIdInFlight: () => void (reuse = true) };
}

/**
 * One call of a client on a bent transport, the same for the page's client and a test's: the rule broken just before
 * the person's answer goes, and the server's answer to the POST that broke it.
 */
export class BrokenCall {
  private post?: BrokenSend;
  private asked = false;
  private settle!: () => void;
  private readonly posted = new Promise<void>((resolve) => (this.settle = resolve));

  constructor(
    private readonly rules: RuleBreaking,
    private readonly rule: TransportBreak,
    /** The same call again, for the id-in-flight client to send under the id still in flight. */
    private readonly callAgain: () => Promise<unknown>,
    /** Cancels the call, for the answer-after-cancel client. */
    private readonly cancel: () => void,
  ) {}

  /** For `breakRule`'s `broken`: the server's answer to the POST that broke the rule. */
  readonly broken = (answer: BrokenSend) => {
    this.post = answer;
    this.settle();
  };

  /** Just before the person answers: send the call again with an id in flight, or cancel the call. */
  async beforeAnswer(): Promise<void> {
    this.asked = true;
    if (this.rule === "id-in-flight") {
      this.rules.reuseIdInFlight();
      this.broken(await answerTo(this.callAgain, 200));
    }
    if (this.rule === "answer-after-cancel") this.cancel();
  }

  /** The server's answer to the rule-breaking POST, once the person was asked: a second answer may be refused after the call's result. */
  async brokenPost(): Promise<BrokenSend | undefined> {
    if (this.asked) await this.posted;
    return this.post;
  }
}
