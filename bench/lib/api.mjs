// The playground's JSON API and raw 2026-07-28 MCP requests, with plain fetch and a bounded wait.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
// The page's own TypeScript, loaded as the server is under the bench (esbuild on load): registered here, before the
// import below resolves it.
import "../../scripts/register-ts.mjs";
import { REPO } from "./children.mjs";

const { ApiError, waitingOutBusy } = await import("../../src/server-bridge/http.ts");

const REQUEST_TIMEOUT_MS = 30_000;

export async function api(base, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

/** `api` that throws unless the status is the expected one. */
export async function apiOk(base, method, path, body, status = 200) {
  const res = await api(base, method, path, body);
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json;
}

/**
 * `apiOk` that waits out a 429 with the page's own waitingOutBusy (src/server-bridge/http.ts: the server's
 * `retryAfterSeconds` plus up to a second, `attempts` in all), counting each wait in `waits.count`.
 */
export function apiOkWaitingOutBusy(base, method, path, body, { status = 200, attempts = 10, waits = { count: 0 } } = {}) {
  const send = async () => {
    const res = await api(base, method, path, body);
    if (res.status !== status) throw new ApiError(res.status, res.json, `${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.json;
  };
  return waitingOutBusy(send, attempts, (ms) => {
    waits.count++;
    return delay(ms);
  });
}

const CLIENT_CAPABILITIES = { elicitation: { form: {} } };

/** One raw 2026-07-28 JSON-RPC POST, headers and `_meta` envelope as the spec asks. */
async function rawModern(mcpUrl, id, method, params) {
  const res = await fetch(mcpUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(typeof params.name === "string" && { "mcp-name": params.name }),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method,
      params: {
        ...params,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": CLIENT_CAPABILITIES,
          "io.modelcontextprotocol/clientInfo": { name: "bench-raw", version: "1.0.0" },
        },
      },
    }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: res.status, body: await res.json() };
}

let nextId = 1;

/**
 * The elicitation flow, both round trips: call close_ticket, get input_required, answer every question with
 * `{ confirm: true }` echoing requestState, get the final result. Throws unless the ticket was closed.
 */
export async function confirmFlow(mcpUrl, ticketId) {
  const params = { name: "close_ticket", arguments: { id: ticketId } };
  const first = await rawModern(mcpUrl, nextId++, "tools/call", params);
  const asked = first.body?.result;
  if (first.status !== 200 || asked?.resultType !== "input_required") throw new Error(`round 1: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
  const inputResponses = Object.fromEntries(Object.keys(asked.inputRequests).map((key) => [key, { action: "accept", content: { confirm: true } }]));
  const second = await rawModern(mcpUrl, nextId++, "tools/call", { ...params, inputResponses, requestState: asked.requestState });
  const done = second.body?.result;
  if (second.status !== 200 || done?.resultType === "input_required" || done?.isError || done?.structuredContent?.closed !== true)
    throw new Error(`round 2: ${second.status} ${JSON.stringify(second.body).slice(0, 300)}`);
  return done;
}

/** A tool call that completes in one round (the "first call" after an edit). */
export async function readTicket(mcpUrl, ticketId) {
  const res = await rawModern(mcpUrl, nextId++, "tools/call", { name: "get_ticket", arguments: { id: ticketId } });
  if (res.status !== 200 || res.body?.result?.isError || res.body?.result?.structuredContent?.id !== ticketId)
    throw new Error(`get_ticket: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body.result;
}

/** A challenge's reference solution, read from checks/<id>/solution (the learner's "right" answer). */
export async function challengeSolution(id) {
  const dir = join(REPO, "checks", id, "solution");
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  // Files in folders (an official-SDK project's src/server.ts) keep their relative path, as the catalog names them.
  const files = names.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1));
  return Object.fromEntries(await Promise.all(files.map(async (name) => [name, await readFile(join(dir, name), "utf8")])));
}

/**
 * The support desk's flow as a 2025-11-25 host runs it (an SDK 1.x server speaks nothing newer): a 1.32 client opens
 * a session, calls escalate_ticket, answers the pushed form with priority and area, and closes. Throws unless escalated.
 */
export async function escalateFlow(mcpUrl, ticketId) {
  const client = new Client({ name: "bench-v1", version: "1.32.2" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { priority: "p1", area: "billing" } }));
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  try {
    const result = await client.callTool({ name: "escalate_ticket", arguments: { ticketId } }, undefined, { timeout: REQUEST_TIMEOUT_MS });
    const text = result.content?.[0]?.text ?? "";
    if (result.isError || !text.startsWith(`Escalated ${ticketId} as ESC-`)) throw new Error(`escalate_ticket: ${JSON.stringify(result).slice(0, 300)}`);
    return result;
  } finally {
    await client.close();
  }
}
