// MCP matchers. They read plain objects, so they work on whatever the `mcp` fixture returns:
//  - a call result: { isError, raw?: CallToolResult, error?: JSON-RPC error, text(), json() }
//  - a raw JSON-RPC response: { jsonrpc, id, result?, error? }
//  - a bare CallToolResult: { content: [...], isError?, _meta? }
//  - a tools list: an array of { name }, a tools/list result { tools }, or a raw response holding one

import { inline } from "./format";
import { MatcherUsageError, type MatcherContext, type MatcherResult } from "./matcher-types";

type Ctx = MatcherContext;
type Obj = Record<string, unknown>;

interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** What a received value says about failure, whatever its shape. */
interface Outcome {
  /** A tool error (isError: true) or a JSON-RPC error. */
  failed: boolean;
  /** The tool result's string code (`_meta.code`), if any. */
  toolCode?: string;
  rpcError?: RpcError;
  /** The first text block of the tool result. */
  text?: string;
}

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null;
}

function asRpcError(value: unknown): RpcError | undefined {
  return isObj(value) && typeof value.code === "number" ? (value as unknown as RpcError) : undefined;
}

function firstText(result: unknown): string | undefined {
  if (!isObj(result) || !Array.isArray(result.content)) return undefined;
  const block = result.content.find((item): item is Obj => isObj(item) && item.type === "text");
  return block && typeof block.text === "string" ? block.text : undefined;
}

function toolCodeOf(result: unknown): string | undefined {
  const meta = isObj(result) ? result._meta : undefined;
  return isObj(meta) && typeof meta.code === "string" ? meta.code : undefined;
}

function isCallResult(value: Obj): boolean {
  return typeof value.isError === "boolean" && typeof value.text === "function";
}

function isRawResponse(value: Obj): boolean {
  return value.jsonrpc === "2.0" || ("id" in value && ("result" in value || "error" in value));
}

function outcomeOf(received: unknown): Outcome {
  if (!isObj(received)) {
    throw new MatcherUsageError(`received value must be a tool call result or a JSON-RPC response\nReceived: ${inline(received)}`);
  }
  if (isCallResult(received)) {
    const rpcError = asRpcError(received.error);
    let text: string | undefined;
    try {
      const value = (received.text as () => unknown)();
      text = typeof value === "string" ? value : undefined;
    } catch {
      text = undefined;
    }
    // text() of a result with a raw CallToolResult but no text block has nothing to show.
    if (received.raw !== undefined && firstText(received.raw) === undefined) text = undefined;
    return { failed: received.isError === true || rpcError !== undefined, toolCode: toolCodeOf(received.raw), rpcError, text };
  }
  if (isRawResponse(received)) {
    const rpcError = asRpcError(received.error);
    const result = received.result;
    const toolFailed = isObj(result) && result.isError === true;
    return { failed: rpcError !== undefined || toolFailed, toolCode: toolCodeOf(result), rpcError, text: firstText(result) };
  }
  if (Array.isArray(received.content)) {
    return { failed: received.isError === true, toolCode: toolCodeOf(received), text: firstText(received) };
  }
  throw new MatcherUsageError(`received value must be a tool call result or a JSON-RPC response\nReceived: ${inline(received)}`);
}

function describeOutcome(outcome: Outcome): string {
  if (outcome.rpcError) return `a JSON-RPC error ${outcome.rpcError.code}: ${inline(outcome.rpcError.message)}`;
  if (outcome.failed) {
    const code = outcome.toolCode ? ` with code ${inline(outcome.toolCode)}` : " without a code";
    return `a tool error${code}${outcome.text !== undefined ? `: ${inline(outcome.text)}` : ""}`;
  }
  return `a successful result${outcome.text !== undefined ? `: ${inline(outcome.text)}` : ""}`;
}

function toolNames(received: unknown): string[] {
  let list: unknown = received;
  if (isObj(list) && !Array.isArray(list) && isObj(list.result)) list = list.result;
  if (isObj(list) && !Array.isArray(list) && Array.isArray(list.tools)) list = list.tools;
  if (!Array.isArray(list)) {
    throw new MatcherUsageError(`received value must be a list of tools (from mcp.tools.list() or a tools/list response)\nReceived: ${inline(received)}`);
  }
  return list.map((tool) => (isObj(tool) && typeof tool.name === "string" ? tool.name : inline(tool)));
}

export const mcpMatchers = {
  toBeError(this: Ctx, received: unknown, code?: string | number): MatcherResult {
    const outcome = outcomeOf(received);
    // Worded only for a failure: formatting the result's text is most of a passing toBeError's work.
    const got = () => describeOutcome(outcome);
    if (code === undefined) {
      return { pass: outcome.failed, message: () => `Expected: ${this.isNot ? "not " : ""}an error\nReceived: ${got()}` };
    }
    if (typeof code === "string") {
      return {
        pass: outcome.failed && outcome.toolCode === code,
        expected: code,
        actual: outcome.toolCode,
        message: () => `Expected: ${this.isNot ? "not " : ""}a tool error with code ${inline(code)}\nReceived: ${got()}`,
      };
    }
    if (typeof code === "number") {
      return {
        pass: outcome.rpcError?.code === code,
        expected: code,
        actual: outcome.rpcError?.code,
        message: () => `Expected: ${this.isNot ? "not " : ""}a JSON-RPC error ${code}\nReceived: ${got()}`,
      };
    }
    throw new MatcherUsageError(`the code must be a string (such as "INVALID_INPUT") or a JSON-RPC number (such as -32021)\nExpected: ${inline(code)}`);
  },

  toHaveErrorCode(this: Ctx, received: unknown, code: number): MatcherResult {
    if (typeof code !== "number") {
      throw new MatcherUsageError(`the code must be a JSON-RPC error number (such as -32021); for a string code use toBeError(${inline(code)})`);
    }
    const outcome = outcomeOf(received);
    return {
      pass: outcome.rpcError?.code === code,
      expected: code,
      actual: outcome.rpcError?.code,
      message: () => `Expected: ${this.isNot ? "not " : ""}JSON-RPC error code ${code}\nReceived: ${describeOutcome(outcome)}`,
    };
  },

  toBeSuccessful(this: Ctx, received: unknown): MatcherResult {
    const outcome = outcomeOf(received);
    return {
      pass: !outcome.failed,
      message: () => `Expected: ${this.isNot ? "not " : ""}a successful result\nReceived: ${describeOutcome(outcome)}`,
    };
  },

  toContainTool(this: Ctx, received: unknown, name: string): MatcherResult {
    const names = toolNames(received);
    return {
      pass: names.includes(name),
      expected: name,
      actual: names,
      message: () =>
        `Expected tool: ${this.isNot ? "not " : ""}${inline(name)}\nReceived tools: ${names.length > 0 ? names.map((n) => inline(n)).join(", ") : "(none)"}`,
    };
  },

  toHaveTextContent(this: Ctx, received: unknown, text?: string | RegExp): MatcherResult {
    const outcome = outcomeOf(received);
    const actual = outcome.text;
    if (text === undefined) {
      return {
        pass: actual !== undefined,
        message: () =>
          actual === undefined ? "Expected: a text content block\nReceived: no text content" : `Expected: no text content\nReceived text: ${inline(actual)}`,
      };
    }
    if (typeof text !== "string" && !(text instanceof RegExp)) {
      throw new MatcherUsageError(`expected text must be a string or a RegExp\nExpected: ${inline(text)}`);
    }
    const pass = actual !== undefined && (typeof text === "string" ? actual.includes(text) : new RegExp(text.source, text.flags).test(actual));
    const wanted = typeof text === "string" ? `text containing ${inline(text)}` : `text matching ${String(text)}`;
    return {
      pass,
      expected: text,
      actual,
      message: () => `Expected: ${this.isNot ? "not " : ""}${wanted}\nReceived: ${actual === undefined ? "no text content" : inline(actual)}`,
    };
  },
};

export type McpMatchers = typeof mcpMatchers;
