import { describe, expect as vexpect, it } from "vitest";
import { createRegistry } from "./registry";
import { createTestingModule } from "./index";
import { ExpectationError } from "./expect";

const { expect } = createTestingModule(createRegistry());

function failure(assertion: () => void): ExpectationError {
  try {
    assertion();
  } catch (error) {
    vexpect(error).toBeInstanceOf(ExpectationError);
    return error as ExpectationError;
  }
  throw new Error("the assertion passed but should have failed");
}

interface CallToolResult {
  content: Array<{ type: string; text?: string }>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** A call result shaped like the fixture's: never throws, JSON-RPC errors in `.error`. */
function callResult(raw: CallToolResult, error?: { code: number; message: string; data?: unknown }) {
  const first = raw.content.find((block) => block.type === "text")?.text;
  return {
    isError: raw.isError === true || error !== undefined,
    raw,
    ...(error ? { error } : {}),
    text: () => first,
    json: () => JSON.parse(first ?? "null") as unknown,
  };
}

const ok = callResult({ content: [{ type: "text", text: '{"id":"T-1","closed":true}' }] });
const invalid = callResult({ content: [{ type: "text", text: "confirm: expected boolean" }], isError: true, _meta: { code: "INVALID_INPUT" } });
const noCapability = callResult({ content: [] }, { code: -32021, message: "Client does not support elicitation", data: {} });
const rawError = { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid requestState" } };
const rawOk = { jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "done" }] } };
const rawToolError = { jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "nope" }], isError: true, _meta: { code: "PUBLIC_ERROR" } } };

describe("toBeError", () => {
  it("without a code accepts tool errors and JSON-RPC errors", () => {
    expect(invalid).toBeError();
    expect(noCapability).toBeError();
    expect(rawError).toBeError();
    expect(rawToolError).toBeError();
    expect(invalid.raw).toBeError();
    expect(ok).not.toBeError();
    vexpect(failure(() => expect(ok).toBeError()).message).toContain('Received: a successful result: "{"id":"T-1","closed":true}"');
    failure(() => expect(rawOk).toBeError());
    failure(() => expect(invalid).not.toBeError());
  });
  it("with a string compares the tool error's _meta.code", () => {
    expect(invalid).toBeError("INVALID_INPUT");
    expect(rawToolError).toBeError("PUBLIC_ERROR");
    expect(invalid).not.toBeError("ELICITATION_DISABLED");
    const error = failure(() => expect(invalid).toBeError("ELICITATION_DISABLED"));
    vexpect(error.message).toContain('a tool error with code "ELICITATION_DISABLED"');
    vexpect(error.message).toContain('Received: a tool error with code "INVALID_INPUT"');
    vexpect(failure(() => expect(noCapability).toBeError("INVALID_INPUT")).message).toContain("Received: a JSON-RPC error -32021");
    failure(() => expect(invalid).not.toBeError("INVALID_INPUT"));
  });
  it("with a number compares the JSON-RPC error code", () => {
    expect(noCapability).toBeError(-32021);
    expect(rawError).toBeError(-32602);
    const error = failure(() => expect(rawError).toBeError(-32021));
    vexpect(error.message).toContain("Received: a JSON-RPC error -32602");
    vexpect(failure(() => expect(invalid).toBeError(-32021)).message).toContain('a tool error with code "INVALID_INPUT"');
    failure(() => expect(noCapability).not.toBeError(-32021));
  });
  it("refuses values that are not results", () => {
    vexpect(failure(() => expect(42).toBeError()).message).toContain("Matcher error");
  });
});

describe("toHaveErrorCode", () => {
  it("reads the JSON-RPC code of raw responses and call results", () => {
    expect(rawError).toHaveErrorCode(-32602);
    expect(noCapability).toHaveErrorCode(-32021);
    expect(ok).not.toHaveErrorCode(-32021);
    vexpect(failure(() => expect(noCapability).toHaveErrorCode(-32602)).message).toContain("Received: a JSON-RPC error -32021");
    failure(() => expect(invalid).toHaveErrorCode(-32021));
    failure(() => expect(rawError).not.toHaveErrorCode(-32602));
    vexpect(failure(() => expect(rawError).toHaveErrorCode("INVALID_INPUT" as unknown as number)).message).toContain("toBeError");
  });
});

describe("toBeSuccessful", () => {
  it("passes on results that are not errors", () => {
    expect(ok).toBeSuccessful();
    expect(rawOk).toBeSuccessful();
    expect(invalid).not.toBeSuccessful();
    vexpect(failure(() => expect(invalid).toBeSuccessful()).message).toBe(
      'expect(received).toBeSuccessful()\n\nExpected: a successful result\nReceived: a tool error with code "INVALID_INPUT": "confirm: expected boolean"',
    );
    failure(() => expect(rawError).toBeSuccessful());
    failure(() => expect(ok).not.toBeSuccessful());
  });
});

describe("toContainTool", () => {
  const tools = [{ name: "close_ticket" }, { name: "list_tickets" }];
  it("finds a tool in a list, a tools/list result or a raw response", () => {
    expect(tools).toContainTool("close_ticket");
    expect({ tools }).toContainTool("list_tickets");
    expect({ jsonrpc: "2.0", id: 1, result: { tools } }).toContainTool("close_ticket");
    expect(tools).not.toContainTool("sendElicitationResult");
  });
  it("fails naming the tools that are there", () => {
    vexpect(failure(() => expect(tools).toContainTool("sendElicitationResult")).message).toContain('Received tools: "close_ticket", "list_tickets"');
    failure(() => expect(tools).not.toContainTool("close_ticket"));
    vexpect(failure(() => expect("close_ticket").toContainTool("close_ticket")).message).toContain("Matcher error");
  });
});

describe("toHaveTextContent", () => {
  it("checks the first text block of call results and raw results", () => {
    expect(invalid).toHaveTextContent();
    expect(invalid).toHaveTextContent("expected boolean");
    expect(invalid).toHaveTextContent(/^confirm:/);
    expect(rawOk).toHaveTextContent("done");
    expect(rawOk.result).toHaveTextContent("done");
    expect(noCapability).not.toHaveTextContent();
    expect(invalid).not.toHaveTextContent("closed");
  });
  it("fails saying what the text was", () => {
    vexpect(failure(() => expect(invalid).toHaveTextContent("closed")).message).toBe(
      'expect(received).toHaveTextContent(expected)\n\nExpected: text containing "closed"\nReceived: "confirm: expected boolean"',
    );
    vexpect(failure(() => expect(noCapability).toHaveTextContent()).message).toContain("Received: no text content");
    failure(() => expect(rawOk).toHaveTextContent(/^x/));
    failure(() => expect(invalid).not.toHaveTextContent());
    failure(() => expect(invalid).not.toHaveTextContent("confirm"));
  });
});

describe("the module's expect", () => {
  it("still has the built-in matchers and asymmetric helpers", () => {
    expect(ok.json()).toEqual({ id: expect.stringContaining("T-"), closed: true });
  });
});
