// The entry contract holds at compile time (server/sandbox/entry-points.ts): each line below marked @ts-expect-error is
// a wrong entry name, argument or result, and `npm run typecheck` fails the moment one of them compiles, i.e. the
// moment the contract stops catching it. The function is type-checked, never run: the VMs it names never exist.
import { describe, expect, test } from "vitest";
import { parseJsonText } from "../../contract/json-text";
import type { CallRequest } from "../../runtime/sdk/call";
import { invokeEntry } from "./entry-points";
import type { SandboxPool } from "./pool";

async function wrongUses(pool: SandboxPool, call: CallRequest) {
  const official = await pool.open({ runtime: "sdk1" });
  // @ts-expect-error fireTimer takes { id: number }
  await invokeEntry(official, "fireTimer", { id: "7" }, 1);
  // @ts-expect-error start takes no argument
  await invokeEntry(official, "start", { entries: [] }, 1);
  // @ts-expect-error callTool is a FrontMCP entry, not an official-SDK one
  await invokeEntry(official, "callTool", call, 1);
  const started = await invokeEntry(official, "start", {}, 1);
  // @ts-expect-error start answers a report: its outbox is a list of messages
  const outbox: number = started.outbox;
  // @ts-expect-error an official load takes entries, not a FrontMCP role
  await official.load([], { files: [], lineMaps: {}, role: "server" }, 1);

  const frontmcp = await pool.open();
  // @ts-expect-error deliver is an official-SDK entry, not a FrontMCP one
  await frontmcp.invoke("deliver", { jsonrpc: "2.0", method: "ping", id: 1 }, 1);
  // @ts-expect-error callTool takes a whole CallRequest
  await frontmcp.invoke("callTool", { name: "close_ticket" }, 1);
  const reply = parseJsonText(await frontmcp.invoke("callTool", call, 1));
  // @ts-expect-error callTool answers approvals as a list of tool names
  const approvals: string = reply.approvals;
  const tests = parseJsonText(await frontmcp.load([], { files: [], lineMaps: {}, role: "tests" }, 1));
  // @ts-expect-error a tests load answers the tests it defined, not tools
  const tools: unknown = tests.tools;
  return [outbox, approvals, tools];
}

describe("the sandbox entry contract", () => {
  test("wrong entry names, arguments and results are compile errors (checked by npm run typecheck)", () => {
    expect(wrongUses).toBeTypeOf("function");
  });
});
