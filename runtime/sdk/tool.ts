// @Tool and ToolContext: how a learner's class becomes a tool, and what `this` offers inside execute().
import type { ElicitAction, ElicitAnswer } from "../../contract/elicitation";
import { z } from "zod";
import { InputRequiredSignal, PublicMcpError, ToolFailure, type ElicitationRequest } from "./errors";
import { checkFormSchema, validateFormContent, zodToFormSchema, type FormSchema } from "./form-schema";
import { openOutsidePage, urlRequired, type OutsidePage, type OutsideState } from "./outside";
import type { OutsideStatus } from "../../contract/outside";

type ToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};
export type ToolOptions = {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, z.ZodType>;
  annotations?: ToolAnnotations;
  approval?: boolean | { message?: string };
};
export type { ElicitAnswer } from "../../contract/elicitation";
/** FrontMCP names the answer's action `status` (the wire says `action`). */
export type ElicitResult<T = Record<string, unknown>> = { status: ElicitAction; content?: T };
export type ClientAbilities = { form: boolean; url: boolean };
/** The protocol revision of the call: 2026-07-28 (`modern`) or 2025-11-25 and earlier (`legacy`). */
export type CallEra = "modern" | "legacy";

/** What one run of execute() knows: the answers so far and what the client can show. */
export type CallState = {
  toolName: string;
  answers: ElicitAnswer[];
  asked: number;
  client: ClientAbilities;
  era: CallEra;
  elicitationEnabled: boolean;
  /** The session's outside pages, and the stop one of them made (sticky, as `pending` is). */
  outside: OutsideState;
  /** Set when elicit() stopped the run, so a learner's catch-all cannot hide the question. */
  pending?: InputRequiredSignal;
  /** The digest of the question each answer was given to (from the signed requestState), when the host knows it. */
  questions?: string[];
  /** Set when a question differs from the one its answer was given to; sticky for the same reason as `pending`. */
  questionChanged?: ToolFailure;
};

const toolOptions = new WeakMap<object, ToolOptions>();
const callStates = new WeakMap<object, CallState>();

export function getToolOptions(cls: unknown): ToolOptions | undefined {
  return typeof cls === "function" ? toolOptions.get(cls) : undefined;
}

/** Class decorator; works in legacy (experimentalDecorators) and TC39 form. */
export function Tool(options: ToolOptions) {
  if (!options || typeof options.name !== "string" || !/^[A-Za-z0-9_.-]{1,64}$/.test(options.name))
    throw new TypeError("@Tool({ name }) needs a name of letters, digits, _ . or - (up to 64 characters)");
  return function (target: unknown, context?: { kind?: string }): void {
    if (typeof target !== "function" || (context && context.kind !== undefined && context.kind !== "class"))
      throw new TypeError("@Tool can only decorate a class that extends ToolContext");
    toolOptions.set(target, options);
  };
}

export function bindCallState(tool: object, state: CallState): void {
  callStates.set(tool, state);
}

function stateOf(tool: object): CallState {
  const state = callStates.get(tool);
  if (!state) throw new Error("this tool instance is not running a call; the runtime creates tool instances itself");
  return state;
}

function isZodSchema(x: unknown): x is z.ZodType {
  return typeof x === "object" && x !== null && "_zod" in x;
}

const DISABLED_MESSAGE =
  "Elicitation is disabled in server configuration. To enable it, add `elicitation: { enabled: true }` to the @FrontMcp({ ... }) options in server.ts.";

type UrlOptions = { mode: "url"; url: string };
/** `key` names the question in `inputRequests` (default `elicitation-k`), for clients that expect a particular key. */
export type ElicitOptions = { key?: string };
const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export abstract class ToolContext<In = Record<string, unknown>> {
  abstract execute(input: In): unknown;

  /** Ends the call with an isError result: the error's message as text, its code in `_meta.code`. */
  fail(error: Error | string): never {
    if (error instanceof PublicMcpError) throw error;
    throw new PublicMcpError(typeof error === "string" ? error : error.message);
  }

  /** Whether this request's client can be asked in that mode (and the server has elicitation on). */
  canElicit(mode: "form" | "url" = "form"): boolean {
    const state = stateOf(this);
    return state.elicitationEnabled && state.client[mode];
  }

  /** A page of the playground's pretend outside site (`/outside/{session}/{page}`), opened for this session. */
  outsidePage(page: string, params?: Record<string, string>): OutsidePage {
    return openOutsidePage(stateOf(this).outside, page, params);
  }

  /**
   * The work needs the person to finish `page` first: resolves with how they left it. A page already left resolves at
   * once. Otherwise a 2025-11-25 client that opens links gets error -32042 listing the page (it opens it, waits for
   * notifications/elicitation/complete and calls again); any other client is asked in URL mode, and on accept the
   * call waits for the page. Declining to open it resolves with "cancelled".
   */
  async requireUrl(message: string, page: OutsidePage): Promise<OutsideStatus> {
    const state = stateOf(this);
    if (page.status !== "waiting") return page.status;
    if (state.era === "legacy" && state.client.url && state.elicitationEnabled) return urlRequired(state.outside, message, page);
    const answer = await this.elicit(message, { mode: "url", url: page.url });
    return answer.status === "accept" ? page.finished() : "cancelled";
  }

  elicit<S extends z.ZodObject>(message: string, schema: S, options?: ElicitOptions): Promise<ElicitResult<z.output<S>>>;
  elicit(message: string, schema: FormSchema | UrlOptions, options?: ElicitOptions): Promise<ElicitResult>;
  async elicit(message: string, schema: z.ZodType | FormSchema | UrlOptions, options: ElicitOptions = {}): Promise<ElicitResult<unknown>> {
    const state = stateOf(this);
    if (typeof message !== "string" || message.length === 0) throw new TypeError("elicit(message, schema) needs a message to show the person");
    if (options.key !== undefined && (typeof options.key !== "string" || !KEY_PATTERN.test(options.key)))
      throw new ToolFailure(`elicit(): the key ${JSON.stringify(options.key)} must be 1 to 64 letters, digits, _ . or -`, "INVALID_SCHEMA");
    if (!state.elicitationEnabled) throw new ToolFailure(DISABLED_MESSAGE, "ELICITATION_DISABLED");
    const isUrl = !isZodSchema(schema) && (schema as UrlOptions).mode === "url";
    if (isUrl && !/^https?:\/\//.test(String((schema as UrlOptions).url))) throw new ToolFailure("elicit(): URL mode needs an http(s) url", "INVALID_SCHEMA");
    // A zod schema's wire form is only needed when asking; converting it in the interpreter is the costly part of
    // a round, and an answered round validates with zod itself. A plain schema is checked either way (it validates).
    const plainSchema = isUrl || isZodSchema(schema) ? undefined : checkFormSchema(schema);
    const index = state.asked++;
    const key = options.key ?? `elicitation-${index + 1}`;
    const answer = state.answers[index];
    const expected = answer ? state.questions?.[index] : undefined;
    // A replayed round converts the schema again only when it must prove the question is the one answered.
    const request = (): ElicitationRequest =>
      isUrl
        ? { mode: "url", message, url: (schema as UrlOptions).url }
        : { mode: "form", message, requestedSchema: plainSchema ?? zodToFormSchema(schema as z.ZodType) };
    if (!answer) {
      const asked = request();
      state.pending = new InputRequiredSignal(key, asked, questionDigest(asked));
      throw state.pending;
    }
    if (expected && expected !== questionDigest(request())) {
      state.questionChanged = new ToolFailure(
        `The question "${message}" is not the one the person answered (the code or its data changed since). Nothing was done; call the tool again to ask it.`,
        "QUESTION_CHANGED",
      );
      throw state.questionChanged;
    }
    if (answer.action !== "accept") return { status: answer.action, content: undefined };
    if (isUrl) return { status: "accept", content: undefined };
    return { status: "accept", content: acceptedContent(message, plainSchema ?? (schema as z.ZodType), answer.content) };
  }
}

/**
 * The sandbox's fingerprint function (native sha-256, see server/sandbox/worker.ts), taken from the global while the
 * runtime starts, before any project code runs, so learner code can neither see nor replace it.
 */
const nativeDigest = ((g: Record<string, unknown>) => {
  const digest = g.__questionDigest as ((text: string) => string) | undefined;
  delete g.__questionDigest;
  return digest;
})(globalThis as Record<string, unknown>);

/**
 * A short fingerprint of a question as the person saw it (mode, message, schema or URL): a hash of its JSON, done by
 * the host. It detects a changed question; the HMAC on requestState is what makes it trustworthy.
 */
export function questionDigest(request: ElicitationRequest): string {
  if (!nativeDigest) throw new Error("the sandbox provides no question digest");
  return nativeDigest(JSON.stringify(request));
}

/** Fields of an answer that a zod form does not have (zod would drop them silently and accept the rest). */
function unaskedFields(schema: z.ZodType, content: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!content || typeof content !== "object" || !shape || typeof shape !== "object") return [];
  return Object.keys(content).filter((key) => !Object.prototype.hasOwnProperty.call(shape, key));
}

function acceptedContent(message: string, schema: z.ZodType | FormSchema, content: unknown): unknown {
  let problems: string[];
  if (isZodSchema(schema)) {
    // The wire schema says additionalProperties: false, so a field the form did not ask for is refused.
    problems = unaskedFields(schema, content).map((field) => `${field}: the form did not ask for this field`);
    if (problems.length === 0) {
      // Form schemas are usually built inside execute() and parsed once: zod's compiled fast path would cost more
      // to build in the interpreter than it saves.
      const parsed = schema.safeParse(content ?? {}, { jitless: true } as z.core.ParseContext<z.core.$ZodIssue>);
      if (parsed.success) return parsed.data;
      problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`);
    }
  } else {
    const checked = validateFormContent(schema, content ?? {});
    if (checked.ok) return checked.value;
    problems = checked.problems;
  }
  throw new ToolFailure(`The answer to "${message}" does not match the requested schema: ${problems.join("; ")}`, "INVALID_INPUT");
}
