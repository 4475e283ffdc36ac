// Types for learner tests: `import { test, expect } from "@frontmcp/testing"`.
// Fed to the Monaco editor and used by `tsc -p lessons/tsconfig.json`. Self-contained: no imports at all.
// The behaviour behind these types is described in docs/AUTHORING-API.md.

declare module "@frontmcp/testing" {
  // ---------------------------------------------------------------- wire shapes

  export interface JsonRpcError {
    code: number;
    message: string;
    data?: any;
  }
  export interface JsonRpcRequest {
    jsonrpc: "2.0";
    id: string | number;
    method: string;
    params?: Record<string, any>;
  }
  export interface JsonRpcResponse {
    jsonrpc: "2.0";
    id: string | number | null;
    result?: any;
    error?: JsonRpcError;
  }

  export interface ContentBlock {
    type: string;
    text?: string;
    [key: string]: unknown;
  }
  /** A `tools/call` result as it came over the wire. */
  export interface CallToolResult {
    content: ContentBlock[];
    structuredContent?: Record<string, any>;
    isError?: boolean;
    /** Holds `code` (such as `"INVALID_INPUT"`) on tool errors. */
    _meta?: Record<string, any>;
    resultType?: string;
    [key: string]: unknown;
  }

  /** One entry of `tools/list`. */
  export interface McpTool {
    name: string;
    title?: string;
    description?: string;
    inputSchema: { type: "object"; properties?: Record<string, any>; required?: string[]; [key: string]: unknown };
    annotations?: Record<string, any>;
    [key: string]: unknown;
  }

  /** What `mcp.tools.call()` gives back. It never throws: protocol errors land in `.error`. */
  export interface ToolCallResult {
    /** True when the tool returned `isError: true` or the call failed with a JSON-RPC error. */
    readonly isError: boolean;
    /** The final result as it came over the wire (`{ content: [] }` when the call failed with a JSON-RPC error). */
    readonly raw: CallToolResult;
    /** Set only when the call failed with a JSON-RPC error, such as `-32021`. */
    readonly error?: JsonRpcError;
    /**
     * A `"misbehaving"` client breaking a 2025-11-25 rule: the HTTP status the session answered the one POST that broke
     * it with, and the JSON-RPC error in its body (a session that keeps the rule answers 400 with `-32600`).
     */
    readonly brokenPost?: { status: number; error?: JsonRpcError };
    /** `JSON.parse` of the first text block. */
    json<T = any>(): T;
    /** The first text block, if there is one. */
    text(): string | undefined;
  }

  // ---------------------------------------------------------------- elicitation

  export interface RequestedSchema {
    type: "object";
    properties: Record<string, any>;
    required?: string[];
    [key: string]: unknown;
  }
  /** A question the server asked, as the test client received it. */
  export type ElicitationRequest =
    | { mode: "form"; message: string; requestedSchema: RequestedSchema; url?: undefined }
    | { mode: "url"; message: string; url: string; requestedSchema?: undefined };

  /** The answer the handler gives. On the wire this is `action`; in tool code it arrives as `status`. */
  export interface ElicitationResponse {
    action: "accept" | "decline" | "cancel";
    content?: Record<string, unknown>;
  }
  export type ElicitationHandler = (request: ElicitationRequest) => ElicitationResponse | Promise<ElicitationResponse>;

  // ---------------------------------------------------------------- the mcp fixture

  /**
   * The client personas a test can use:
   * - `"modern"`: protocol 2026-07-28 with `elicitation: { form: {} }` (what `mcp` itself is).
   * - `"modern-with-url"`: 2026-07-28 with forms and URL mode, `elicitation: { form: {}, url: {} }`; it may be sent a link.
   * - `"modern-no-elicitation"`: 2026-07-28 without elicitation; a tool that reaches `elicit()` gets JSON-RPC `-32021`.
   * - `"misbehaving"`: a client with forms that breaks one rule: `mcp.as("misbehaving", { breaks: "state-edited" })`.
   * - `"legacy"`: 2025-11-25 with a session and forms; the server pushes `elicitation/create` to it.
   * - `"legacy-with-url"`: 2025-11-25 with a session, forms and URL mode; a URL question carries an `elicitationId`, and
   *   error -32042 is opened and retried once the server says the page is done (`notifications/elicitation/complete`).
   * - `"legacy-no-forms"`: 2025-11-25 with a session, no forms; it sees the `sendElicitationResult` fallback tool.
   */
  export type Persona = "modern" | "modern-with-url" | "modern-no-elicitation" | "misbehaving" | "legacy" | "legacy-with-url" | "legacy-no-forms";

  export interface McpTestClient {
    /** Which kind of client this is (`mcp` itself is `"modern"`). */
    readonly persona: Persona;
    tools: {
      /** The tools this client sees in `tools/list`. */
      list(): Promise<McpTool[]>;
      /** Calls a tool, answering any questions with the `onElicitation` handler, and returns the final result. */
      call(name: string, args?: Record<string, unknown>): Promise<ToolCallResult>;
    };
    /**
     * Answers the questions tools ask during this client's calls. Replaces any earlier handler.
     * Without a handler, every question is answered `decline` and the test output notes it.
     */
    onElicitation(handler: ElicitationHandler): void;
    /**
     * The pretend outside site, as the person in front of it: press Sign in or Cancel on the page a URL-mode question
     * links to (`question.url`). Resolves true when the page was waiting and is now left.
     *
     * ```ts
     * mcp.as("modern-with-url").onElicitation(async (q) => (await mcp.outside.signIn(q.url!), { action: "accept" }));
     * ```
     */
    outside: { signIn(url: string): Promise<boolean>; cancel(url: string): Promise<boolean> };
    raw: {
      /**
       * Sends one JSON-RPC request as a 2026-07-28 client would, filling the `_meta` keys it leaves out
       * (the request's own keys win: `"io.modelcontextprotocol/clientCapabilities": {}` means no capabilities).
       * Returns the raw response; never throws on a JSON-RPC error.
       */
      request(message: JsonRpcRequest): Promise<JsonRpcResponse>;
    };
    /**
     * A new client of the same server speaking as another kind of client. It has its own `onElicitation` handler.
     *
     * ```ts
     * const old = mcp.as("legacy-no-forms");
     * expect(await old.tools.list()).toContainTool("sendElicitationResult");
     * ```
     */
    as(persona: Persona, options?: { breaks?: Misbehaviour }): McpTestClient;
  }

  /**
   * The rules a `"misbehaving"` client can break in round 2 of a 2026-07-28 call:
   * requestState re-serialised or edited; sent to another tool or with other arguments; an answer with a field outside
   * the form, a value of the wrong type, an action outside its enum, accept without content. (Round 2 after Reset,
   * `"state-after-reset"`, is the Call tab's only: a test file's server has no Reset.) And three of a 2025-11-25 session,
   * the client then speaking that revision: `"id-in-flight"` (while the call waits for the person, another tools/call
   * with its id), `"answer-twice"` (the pushed question's answer posted twice) and `"answer-after-cancel"` (the call
   * cancelled while the person reads the form, the answer posted anyway); see `ToolCallResult.brokenPost`.
   */
  export type Misbehaviour =
    | "state-reserialised"
    | "state-edited"
    | "state-other-tool"
    | "state-other-arguments"
    | "state-after-reset"
    | "answer-extra-field"
    | "answer-wrong-type"
    | "answer-outside-enum"
    | "accept-without-content"
    | "id-in-flight"
    | "answer-twice"
    | "answer-after-cancel";

  export interface TestFixtures {
    /** A fresh 2026-07-28 client (with form elicitation) of this test file's server. */
    mcp: McpTestClient;
  }

  // ---------------------------------------------------------------- test, describe, hooks

  type TestBody = (fixtures: TestFixtures) => unknown;
  type HookBody = () => unknown;

  export interface TestFn {
    (name: string, body: TestBody): void;
    only(name: string, body: TestBody): void;
    skip(name: string, body?: TestBody): void;
    /** A test still to be written: listed in the results, never run. */
    todo(name: string): void;
    describe: DescribeFn;
    /** Before each test, with that test's fixtures. */
    beforeEach(body: TestBody): void;
    afterEach(body: TestBody): void;
    beforeAll(body: HookBody): void;
    afterAll(body: HookBody): void;
  }
  export interface DescribeFn {
    (name: string, body: () => void): void;
    only(name: string, body: () => void): void;
    skip(name: string, body: () => void): void;
  }

  /** `test(name, async ({ mcp }) => { ... })`. One fresh server (fresh module state) per test file, a fresh client per test. */
  export const test: TestFn;
  /** The same as `test.describe`. */
  export const describe: DescribeFn;
  export const beforeEach: TestFn["beforeEach"];
  export const afterEach: TestFn["afterEach"];
  export const beforeAll: TestFn["beforeAll"];
  export const afterAll: TestFn["afterAll"];

  // ---------------------------------------------------------------- expect

  export interface Matchers<R> {
    toBe(expected: unknown): R;
    toEqual(expected: unknown): R;
    toStrictEqual(expected: unknown): R;
    toMatchObject(expected: object): R;
    toContain(item: unknown): R;
    /** An array (or other iterable) has an item equal to `item`, by `toEqual`'s rules. */
    toContainEqual(item: unknown): R;
    toHaveLength(length: number): R;
    toHaveProperty(path: string | readonly (string | number)[], value?: unknown): R;
    toBeDefined(): R;
    toBeUndefined(): R;
    toBeNull(): R;
    toBeTruthy(): R;
    toBeFalsy(): R;
    toBeGreaterThan(n: number | bigint): R;
    toBeGreaterThanOrEqual(n: number | bigint): R;
    toBeLessThan(n: number | bigint): R;
    toBeLessThanOrEqual(n: number | bigint): R;
    /** Equal to `expected` up to `digits` decimal places (default 2): `expect(0.1 + 0.2).toBeCloseTo(0.3)`. */
    toBeCloseTo(expected: number, digits?: number): R;
    toMatch(expected: string | RegExp): R;
    toThrow(expected?: string | RegExp | Error | (new (...args: any[]) => Error)): R;

    /**
     * The result is an error. A string compares with the tool error's `_meta.code` (such as `"INVALID_INPUT"`);
     * a number with the JSON-RPC `error.code` (such as `-32021`); no argument: any error.
     */
    toBeError(code?: string | number): R;
    /** The JSON-RPC error code, on raw responses and on call results. */
    toHaveErrorCode(code: number): R;
    /** A `tools/list` array contains a tool of that name. */
    toContainTool(name: string): R;
    /** A call result that is not an error. */
    toBeSuccessful(): R;
    /** A call result with a text block; with an argument, the first text block contains it. */
    toHaveTextContent(text?: string): R;
  }

  export interface Expectation extends Matchers<void> {
    not: Matchers<void>;
    resolves: Matchers<Promise<void>> & { not: Matchers<Promise<void>> };
    rejects: Matchers<Promise<void>> & { not: Matchers<Promise<void>> };
  }

  /** A value inside `toEqual`/`toMatchObject` that matches more than one thing. */
  export interface AsymmetricMatcher {
    readonly asymmetricMatch: (other: unknown) => boolean;
  }

  /** What a custom matcher's `this` is. */
  export interface MatcherContext {
    isNot: boolean;
    promise: "" | "resolves" | "rejects";
    /** toEqual's equality, asymmetric matchers included. */
    equals(a: unknown, b: unknown): boolean;
    /** A value as failure messages show it. */
    format(value: unknown): string;
  }

  /** What a custom matcher returns. Without `message`, a failure shows `expected` and `actual` (or their diff). */
  export interface MatcherResult {
    pass: boolean;
    message?: () => string;
    expected?: unknown;
    actual?: unknown;
  }

  export interface Expect {
    (actual: unknown): Expectation;
    any(constructor: Function): any;
    anything(): any;
    objectContaining(object: Record<string, unknown>): any;
    arrayContaining(array: readonly unknown[]): any;
    stringContaining(text: string): any;
    stringMatching(pattern: string | RegExp): any;
    /**
     * Adds matchers. To call them without type errors, declare them too:
     *
     * ```ts
     * declare module "@frontmcp/testing" {
     *   interface Matchers<R> { toBeTicketId(): R }
     * }
     * expect.extend({
     *   toBeTicketId(received) {
     *     return { pass: /^T-\d+$/.test(String(received)), message: () => `${this.format(received)} is not a ticket id` };
     *   },
     * });
     * ```
     */
    extend(matchers: Record<string, (this: MatcherContext, received: unknown, ...args: any[]) => MatcherResult>): void;
  }

  /** Jest-style `expect`, plus the MCP matchers. A failure reports expected, received and a diff. */
  export const expect: Expect;
}
