// For our own integration tests: a real playground on a free loopback port, sessions, and official SDK clients.
import { INSTANCE_HEADER } from "../../contract/instance-header";
import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startPlayground, type Playground } from "../app";
import { configFromEnv, type PlaygroundConfig, sandboxPlainFrom } from "../config";
import { modernRequest } from "../mcp/modern-request";

export const TEST_SECRET = "a-test-secret-that-is-long-enough-for-hmac";

export async function startTestPlayground(overrides: Partial<PlaygroundConfig> = {}): Promise<Playground> {
  // The rest of the environment is left out, so a test's settings are its own; SANDBOX_PLAIN runs it on the plain sandbox.
  // No warm build and no database opened at start: each spec starts its own playground (server/startup.spec.ts covers
  // the warm start), and most never touch the database, which costs PGlite seconds to create.
  const config = {
    ...configFromEnv({}),
    port: 0,
    workers: 2,
    secret: TEST_SECRET,
    warmStart: false,
    openDatabaseAtStart: false,
    sandboxPlain: sandboxPlainFrom(),
    ...overrides,
  };
  return startPlayground(config);
}

/** A reply as the specs read it (typed here: its declaration must not name undici's own types). */
type Reply<Body> = { status: number; headers: Headers } & Body;

export async function api(
  pg: Playground,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<{ json: any; text: string }>> {
  const res = await fetch(pg.url + path, {
    method,
    headers: { ...(body !== undefined && { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

export async function createSession(pg: Playground, files: Record<string, string>): Promise<{ id: string; mcpUrl: string; tools: any[] }> {
  const res = await api(pg, "POST", "/api/sessions", { files });
  if (res.status !== 201) throw new Error(`session not created: ${res.status} ${res.text}`);
  return res.json;
}

type Capabilities = Record<string, unknown>;

/** The v2 client pinned to 2026-07-28; `manual` leaves the rounds to the caller, as the Call tab does. */
export async function modernClient(mcpUrl: string, capabilities: Capabilities, manual = true): Promise<ClientV2> {
  const client = new ClientV2(
    { name: "playground-test", version: "1.0.0" },
    { capabilities, versionNegotiation: { mode: { pin: "2026-07-28" } }, ...(manual && { inputRequired: { autoFulfill: false } }) },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  return client;
}

/** The v2 client in its default (legacy) negotiation: a 2025-11-25 session. */
export async function legacyV2Client(mcpUrl: string, capabilities: Capabilities): Promise<ClientV2> {
  const client = new ClientV2({ name: "playground-test-legacy", version: "1.0.0" }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  return client;
}

/** The v1 SDK (1.32) client, as 2025-era hosts ship it. */
export async function v1Client(mcpUrl: string, capabilities: Capabilities): Promise<ClientV1> {
  const client = new ClientV1({ name: "playground-test-v1", version: "1.32.2" }, { capabilities });
  await client.connect(new TransportV1(new URL(mcpUrl)));
  return client;
}

/** A raw 2026-07-28 JSON-RPC POST, for what the clients will not send (tampering, garbage). */
export async function rawModern(
  mcpUrl: string,
  id: number,
  method: string,
  params: Record<string, unknown>,
  capabilities: Capabilities = { elicitation: { form: {} } },
): Promise<Reply<{ body: any }>> {
  const res = await fetch(modernRequest(mcpUrl, { id, method, params }, { capabilities, clientName: "raw-test" }));
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as any, headers: res.headers };
  } catch {
    // Name the reply that was not JSON-RPC, so a failure says what came back.
    throw new Error(`${method}: HTTP ${res.status} from ${res.headers.get(INSTANCE_HEADER) ?? "?"}, not JSON: ${text.slice(0, 200) || "(empty)"}`);
  }
}
