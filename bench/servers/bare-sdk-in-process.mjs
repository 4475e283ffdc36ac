// The in-process yardstick: the bare close_ticket server (close-ticket-server.mjs) and an official SDK 2.x client in
// one process, over the SDK's in-memory transport served by its own connection entry, as the playground's test
// fixture reaches a learner's server (server/mcp/in-process.ts, server/test-runs/test-clients.ts): a 2026-07-28
// client pinned, both rounds by hand. Asked for `flows`, it answers this process's CPU per flow, both ends of the SDK
// and nothing else: the SDK's own floor under each of a learner's in-process tool calls.
import { Client, isInputRequiredResult } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { buildServer } from "./close-ticket-server.mjs";

/** Flows a connection serves before it closes and the next opens: about a test file's calls. */
const FLOWS_A_CONNECTION = 5;

async function connect() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(buildServer, { transport: serverSide, legacy: "serve" });
  const client = new Client(
    { name: "bench-in-process", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false } },
  );
  await client.connect(clientSide);
  return { client, close: async () => (await client.close(), await served.close()) };
}

async function flow(client) {
  const params = { name: "close_ticket", arguments: { id: "T-1" } };
  const asked = await client.callTool(params, { allowInputRequired: true });
  if (!isInputRequiredResult(asked)) throw new Error(`round 1 did not ask: ${JSON.stringify(asked).slice(0, 300)}`);
  const inputResponses = Object.fromEntries(Object.keys(asked.inputRequests).map((key) => [key, { action: "accept", content: { confirm: true } }]));
  const done = await client.callTool({ ...params, inputResponses, requestState: asked.requestState }, { allowInputRequired: true });
  if (done.structuredContent?.closed !== true) throw new Error(`round 2: ${JSON.stringify(done).slice(0, 300)}`);
}

async function run(flows) {
  for (let done = 0; done < flows; ) {
    const connection = await connect();
    for (let i = 0; i < FLOWS_A_CONNECTION && done < flows; i++, done++) await flow(connection.client);
    await connection.close();
  }
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

process.on("message", async (m) => {
  if (m.type === "flows") {
    await run(m.warmUp);
    const before = cpuMs();
    await run(m.flows);
    process.send({ type: "flows", cpuMsPerFlow: (cpuMs() - before) / m.flows });
  }
  if (m.type === "stop") process.exit(0);
});
process.send({ type: "ready" });
