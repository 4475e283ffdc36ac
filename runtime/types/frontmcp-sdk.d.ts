// Types for learner code: `import { Tool, ToolContext, z } from "@frontmcp/sdk"`.
// Fed to the Monaco editor and used by `tsc -p lessons/tsconfig.json`. Self-contained: it imports only "zod".
// The behaviour behind these types is described in docs/AUTHORING-API.md.

declare module "@frontmcp/sdk" {
  import { z } from "zod";
  export { z } from "zod";

  // ---------------------------------------------------------------- @Tool

  /** Hints for clients, sent unchanged in `tools/list`. They are hints only: nothing enforces them. */
  export interface ToolAnnotations {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
    [key: string]: unknown;
  }

  /** A zod raw shape: `{ id: z.string().describe("Ticket id") }` (not `z.object(...)`). */
  export type ToolInputShape = Record<string, z.ZodType>;

  /** The input type `execute(input)` receives for a given `inputSchema` shape. */
  export type ToolInput<Shape extends ToolInputShape> = z.output<z.ZodObject<Shape>>;

  export interface ToolMetadata {
    /** The tool's name in `tools/list` and `tools/call`: letters, digits, `_`, `.` or `-`, up to 64 characters. */
    name: string;
    title?: string;
    description?: string;
    /** Validated before `execute` runs; a bad input is an `isError` result with `_meta.code: "INVALID_INPUT"`. */
    inputSchema: ToolInputShape;
    annotations?: ToolAnnotations;
    /**
     * Ask the person before the first call (a confirmation form with "remember for this session").
     * A remembered yes lets later calls through without asking; a no runs nothing. Reset forgets approvals.
     */
    approval?: boolean | { message?: string };
  }

  type ToolClass = abstract new (...args: any[]) => ToolContext<any>;

  /**
   * Makes a class that extends `ToolContext` into an MCP tool. Legacy (`experimentalDecorators`) class decorator;
   * the TC39 form works too at run time.
   *
   * ```ts
   * @Tool({ name: "close_ticket", inputSchema: { id: z.string() } })
   * export class CloseTicket extends ToolContext {
   *   async execute(input: { id: string }) { ... }
   * }
   * ```
   */
  export function Tool(metadata: ToolMetadata): <C extends ToolClass>(target: C, context?: unknown) => void;

  // ---------------------------------------------------------------- elicitation

  /** How the person answered. `content` comes only with `accept` (and never in URL mode). */
  export type ElicitResult<Content> =
    | { status: "accept"; content: Content }
    | { status: "decline"; content?: undefined }
    | { status: "cancel"; content?: undefined };

  /** The answer to a URL-mode question: accept means the person agreed to open the link, nothing more. */
  export type UrlElicitResult = { status: "accept" | "decline" | "cancel"; content?: undefined };

  export interface ElicitStringField {
    type: "string";
    title?: string;
    description?: string;
    minLength?: number;
    maxLength?: number;
    format?: "email" | "uri" | "date" | "date-time";
    default?: string;
    /** Plain options. */
    enum?: readonly string[];
    /** Labels for `enum`, in the same order (older form of titled options). */
    enumNames?: readonly string[];
    /** Titled options: `[{ const: "p1", title: "P1: service down" }, ...]`. */
    oneOf?: readonly { const: string; title: string }[];
  }
  export interface ElicitNumberField {
    type: "number" | "integer";
    title?: string;
    description?: string;
    minimum?: number;
    maximum?: number;
    default?: number;
  }
  export interface ElicitBooleanField {
    type: "boolean";
    title?: string;
    description?: string;
    default?: boolean;
  }
  /** Multi-select: an array of strings picked from plain or titled options. */
  export interface ElicitMultiSelectField {
    type: "array";
    title?: string;
    description?: string;
    minItems?: number;
    maxItems?: number;
    items: { type: "string"; enum: readonly string[] } | { anyOf: readonly { const: string; title: string }[] };
    default?: readonly string[];
  }
  export type ElicitField = ElicitStringField | ElicitNumberField | ElicitBooleanField | ElicitMultiSelectField;

  /** A form-mode JSON Schema: a flat object of primitive fields. */
  export interface ElicitJsonSchema {
    type: "object";
    properties: { readonly [field: string]: ElicitField };
    required?: readonly string[];
    title?: string;
    description?: string;
    $schema?: string;
    additionalProperties?: boolean;
  }

  type FieldValue<F> = F extends { type: "array"; items: { enum: readonly (infer E)[] } }
    ? E[]
    : F extends { type: "array"; items: { anyOf: readonly { const: infer C }[] } }
      ? C[]
      : F extends { type: "array" }
        ? string[]
        : F extends { type: "boolean" }
          ? boolean
          : F extends { type: "number" | "integer" }
            ? number
            : F extends { enum: readonly (infer E)[] }
              ? E
              : F extends { oneOf: readonly { const: infer C }[] }
                ? C
                : string;
  type RequiredKeys<S extends ElicitJsonSchema> = S["required"] extends readonly (infer K)[] ? K & keyof S["properties"] : never;
  type DefaultKeys<S extends ElicitJsonSchema> = {
    [K in keyof S["properties"]]: S["properties"][K] extends { default: unknown } ? K : never;
  }[keyof S["properties"]];
  type Simplify<T> = { [K in keyof T]: T[K] } & {};

  /** The content type of an accepted answer to a plain JSON Schema form (defaults filled in). */
  export type ElicitContent<S extends ElicitJsonSchema> = Simplify<
    { [K in RequiredKeys<S> | DefaultKeys<S>]: FieldValue<S["properties"][K]> } & {
      [K in Exclude<keyof S["properties"], RequiredKeys<S> | DefaultKeys<S>>]?: FieldValue<S["properties"][K]>;
    }
  >;

  export type ElicitMode = "form" | "url";
  /** `key`: the name of this question in `inputRequests` (letters, digits, `_ . -`); default `elicitation-k` for the k-th `elicit()`. */
  export type ElicitOptions = { key?: string };

  // ---------------------------------------------------------------- outside pages

  /** How the person left an outside page: not yet, signed in, pressed Cancel, or did not come back in time. */
  export type OutsideStatus = "waiting" | "completed" | "cancelled" | "expired";

  /**
   * A page of the playground's pretend outside site (`/outside/{session}/{page}` on the playground's own origin),
   * opened for this session: the same page and params give the same page (and id) until Reset, or until it was
   * cancelled.
   */
  export interface OutsidePage {
    /** The link to send: `this.elicit(message, { mode: "url", url: page.url })`. */
    readonly url: string;
    /** Unguessable; on 2025-11-25 it is also the question's `elicitationId`. */
    readonly id: string;
    /** How the person left the page so far (read it on a later call). */
    readonly status: OutsideStatus;
    /** Waits until the person leaves the page (Sign in or Cancel), or the wait runs out (`expired`). */
    finished(): Promise<OutsideStatus>;
  }

  // ---------------------------------------------------------------- ToolContext

  /**
   * The base class of every tool. `execute()` runs from the top on every round trip of a call that asks,
   * so code before an `elicit()` runs once per round trip.
   */
  export abstract class ToolContext<In = any> {
    /** Does the work. A plain object becomes JSON text plus `structuredContent`; a `CallToolResult` passes through. */
    abstract execute(input: In): unknown;

    /**
     * Asks the person with a form built from a zod object of flat fields (strings, numbers, booleans, enums).
     * On accept, `content` has been validated against the schema (defaults filled in) before this returns.
     */
    elicit<S extends z.ZodObject<any>>(message: string, schema: S, options?: ElicitOptions): Promise<ElicitResult<z.output<S>>>;
    /** Asks with a plain form-mode JSON Schema (the way to write titled options with `oneOf`). */
    elicit<const S extends ElicitJsonSchema>(message: string, schema: S, options?: ElicitOptions): Promise<ElicitResult<ElicitContent<S>>>;
    /** Asks in URL mode: the client offers to open `url`. Accept means consent to open it; there is no content. */
    elicit(message: string, request: { mode: "url"; url: string }, options?: ElicitOptions): Promise<UrlElicitResult>;

    /** A page of the pretend outside site, such as `this.outsidePage("billing-sign-in", { ticket: "T-2" })`. */
    outsidePage(page: string, params?: Record<string, string>): OutsidePage;

    /**
     * The work needs `page` done first: resolves with how the person left it (at once if they already have). A
     * 2025-11-25 client that opens links gets error -32042 listing the page, opens it and calls again; any other
     * client is asked in URL mode, and on accept the call waits for the page. Declining resolves with "cancelled".
     */
    requireUrl(message: string, page: OutsidePage): Promise<OutsideStatus>;

    /** Whether this request's client can be asked in that mode (default `"form"`), so the tool can fall back politely. */
    canElicit(mode?: ElicitMode): boolean;

    /** Ends the call: `isError: true`, text = the error's message (or the string), `_meta.code` = its code (`PUBLIC_ERROR` by default). */
    fail(error: Error | string): never;
  }

  // ---------------------------------------------------------------- errors

  /** An error whose message and code reach the client as they are: `this.fail(new PublicMcpError("No ticket T-9", "TICKET_NOT_FOUND"))`. */
  export class PublicMcpError extends Error {
    constructor(message: string, code?: string);
    readonly code: string;
  }

  // ---------------------------------------------------------------- @App and @FrontMcp

  export interface AppMetadata {
    id?: string;
    name: string;
    description?: string;
    tools?: ToolClass[];
  }
  /** Groups tools: `@App({ id: "desk", name: "Help desk", tools: [CloseTicket] }) export class DeskApp {}`. */
  export function App(metadata: AppMetadata): <C extends abstract new (...args: any[]) => any>(target: C, context?: unknown) => void;

  export interface FrontMcpMetadata {
    /** Becomes the server's name and version. */
    info: { name: string; version: string; title?: string };
    apps: (abstract new (...args: any[]) => any)[];
    /** Without `{ enabled: true }`, `elicit()` fails the call with `_meta.code: "ELICITATION_DISABLED"`. */
    elicitation?: { enabled?: boolean };
  }
  /**
   * Declares the server. Default-export the decorated class from `server.ts`; the project then runs exactly as configured.
   * A project without one gets a server made from all exported `@Tool` classes, with elicitation on.
   */
  export function FrontMcp(metadata: FrontMcpMetadata): <C extends abstract new (...args: any[]) => any>(target: C, context?: unknown) => void;
}
