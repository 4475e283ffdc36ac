// Official-SDK projects: the lesson's 1.x support-desk server, unchanged, on the real SDK in the sandbox.
//  - session create from snapshot: a new 2025-11-25 connection's `initialize` POST until the server answers, which starts
//    a fresh instance from the worker's snapshot of the evaluated SDK (restore, load the file, run its top level,
//    connect, answer); separately a full 1.32 `client.connect` (initialize, then notifications/initialized), and
//    POST /api/sessions.
//  - memory per official-SDK session: RSS growth of the playground process per session holding one open connection.
//  - the elicitation flow (call, pushed elicitation/create, answer, result) against the same file run bare on the host
//    with the same SDK, both over Streamable HTTP, one 1.32 client each, interleaved; wall time per flow, and each
//    server process's CPU per flow from /proc (the figure that survives a loaded machine). The load average is printed.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { apiOk } from "./lib/api.mjs";
import { intArg } from "./lib/args.mjs";
import { loadavg } from "node:os";
import { cpuMs, startChild } from "./lib/children.mjs";
import { runIfMain } from "./lib/main.mjs";
import { printTable, writeResult } from "./lib/report.mjs";
import { round, since, summarize } from "./lib/stats.mjs";

const LESSON = "13-support-desk-on-the-official-sdk";
const TARGETS = { instanceStartMedianMs: 25, memoryPerSessionMB: 12, flowRatio: 1.3 };

async function connect(mcpUrl) {
  const client = new Client({ name: "bench-v1", version: "1.32.2" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { priority: "p1", area: "billing" } }));
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  return client;
}

/** One raw `initialize` POST without a session: the playground starts a new instance to answer it. Returns its ms. */
async function initialize(mcpUrl) {
  const body = {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
  };
  const started = performance.now();
  const res = await fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(body),
  });
  await res.text();
  const ms = since(started);
  const sid = res.headers.get("mcp-session-id");
  if (!sid) throw new Error(`initialize answered ${res.status} without a session`);
  await fetch(mcpUrl, { method: "DELETE", headers: { "mcp-session-id": sid, "mcp-protocol-version": "2025-11-25" } });
  return ms;
}

async function timed(fn) {
  const start = performance.now();
  await fn();
  return since(start);
}

const escalate = (client) => client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-1042" } });

export async function main(args) {
  const iterations = intArg(args, "iterations", 300);
  const warmup = intArg(args, "warmup", 30);
  const starts = intArg(args, "starts", 60);
  const sessions = intArg(args, "sessions", 40);
  const loadAtStart = loadavg();
  const playground = await startChild("bench/servers/playground.ts");
  const bare = await startChild("bench/servers/bare-sdk1.mjs");
  try {
    const lesson = await apiOk(playground.url, "GET", `/api/lessons/${LESSON}`);
    const session = await apiOk(playground.url, "POST", "/api/sessions", { files: lesson.files }, 201);

    // Instance start from the snapshot (the first start on each worker also takes the snapshot: warm up first).
    for (let i = 0; i < 6; i++) await initialize(session.mcpUrl);
    const startSamples = [];
    let cpuAt = cpuMs(playground.pid).serverMs;
    for (let i = 0; i < starts; i++) startSamples.push(await initialize(session.mcpUrl));
    // Server CPU per instance start: the initialize POST, and the DELETE that ends its connection.
    const cpuPerStart = (cpuMs(playground.pid).serverMs - cpuAt) / starts;
    const connectSamples = [];
    cpuAt = cpuMs(playground.pid).serverMs;
    for (let i = 0; i < starts; i++) {
      let client;
      connectSamples.push(await timed(async () => (client = await connect(session.mcpUrl))));
      await client.close();
    }
    const cpuPerConnect = (cpuMs(playground.pid).serverMs - cpuAt) / starts;
    const createSamples = [];
    for (let i = 0; i < 20; i++) createSamples.push(await timed(() => apiOk(playground.url, "POST", "/api/sessions", { files: lesson.files }, 201)));

    // Memory: sessions that each hold one open connection, so one live instance each.
    const before = playground.memory().rssMB;
    const statsBefore = (await playground.stats()).sandbox;
    const held = [];
    for (let i = 0; i < sessions; i++) {
      const s = await apiOk(playground.url, "POST", "/api/sessions", { files: lesson.files }, 201);
      const client = await connect(s.mcpUrl);
      await escalate(client);
      held.push(client);
    }
    const after = playground.memory().rssMB;
    const statsAfter = (await playground.stats()).sandbox;
    await Promise.all(held.map((c) => c.close()));

    // The flow, interleaved against the bare host server.
    const clients = { playground: await connect(session.mcpUrl), bare: await connect(bare.mcpUrl) };
    for (let i = 0; i < warmup; i++) for (const c of Object.values(clients)) await escalate(c);
    const samples = { playground: [], bare: [] };
    const cpuBefore = { playground: cpuMs(playground.pid).serverMs, bare: cpuMs(bare.pid).serverMs };
    for (let i = 0; i < iterations; i++) {
      const order = i % 2 ? ["playground", "bare"] : ["bare", "playground"];
      for (const name of order) samples[name].push(await timed(() => escalate(clients[name])));
    }
    const cpuPerFlow = {
      playground: (cpuMs(playground.pid).serverMs - cpuBefore.playground) / iterations,
      bare: (cpuMs(bare.pid).serverMs - cpuBefore.bare) / iterations,
    };
    await Promise.all(Object.values(clients).map((c) => c.close()));

    // The first flow on a new connection: a new instance, whose SDK has not compiled the form yet. (The bare server is
    // one stdio-like process with one connection, so it has no counterpart here.)
    const firstSamples = [];
    for (let i = 0; i < starts / 2; i++) {
      const client = await connect(session.mcpUrl);
      firstSamples.push(await timed(() => escalate(client)));
      await client.close();
    }

    const start = summarize(startSamples);
    const fullConnect = summarize(connectSamples);
    const create = summarize(createSamples);
    const firstFlow = summarize(firstSamples);
    const pg = summarize(samples.playground);
    const sdk = summarize(samples.bare);
    const perSessionMB = (after - before) / sessions;
    const vmMB = (statsAfter.allocatedBytes - statsBefore.allocatedBytes) / 2 ** 20 / Math.max(1, statsAfter.vms - statsBefore.vms);
    const result = {
      lesson: LESSON,
      load: { atStart: loadAtStart, atEnd: loadavg() },
      instanceStart: { ...start, serverCpuMs: cpuPerStart },
      fullConnect: { ...fullConnect, serverCpuMs: cpuPerConnect },
      sessionCreate: create,
      memory: { sessions, rssBeforeMB: before, rssAfterMB: after, perSessionMB, quickjsAllocatedPerVmMB: vmMB },
      flow: { iterations, warmup, playground: pg, bare: sdk, ratioMedian: pg.median / sdk.median, ratioP95: pg.p95 / sdk.p95, cpuPerFlow, firstFlow },
      targets: TARGETS,
    };
    printTable("Official-SDK projects (SDK 1.32 support desk)", [
      {
        figure: "session create from snapshot (initialize POST on a new connection, until the server answers), median",
        value: round(start.median),
        unit: "ms",
        target: `< ${TARGETS.instanceStartMedianMs} ms`,
      },
      { figure: "session create from snapshot, p95", value: round(start.p95), unit: "ms" },
      { figure: "session create from snapshot, server CPU per start (/proc, with its DELETE)", value: round(cpuPerStart), unit: "ms" },
      { figure: "full 1.32 client connect (client.connect: initialize, then notifications/initialized), median", value: round(fullConnect.median), unit: "ms" },
      { figure: "full client connect, server CPU per connection (/proc, with its close)", value: round(cpuPerConnect), unit: "ms" },
      { figure: "POST /api/sessions (compile cached + tool listing instance), median", value: round(create.median), unit: "ms" },
      {
        figure: `memory per session with one open connection (RSS, ${sessions} sessions)`,
        value: round(perSessionMB),
        unit: "MB",
        target: `< ${TARGETS.memoryPerSessionMB} MB`,
      },
      { figure: "QuickJS heap allocated per VM", value: round(vmMB), unit: "MB" },
      { figure: "flow, playground median", value: round(pg.median), unit: "ms" },
      { figure: "flow, bare SDK on the host median", value: round(sdk.median), unit: "ms" },
      { figure: "flow ratio (median)", value: round(result.flow.ratioMedian), unit: "x", target: `≤ ${TARGETS.flowRatio}x` },
      { figure: "flow ratio (p95)", value: round(result.flow.ratioP95), unit: "x" },
      { figure: "first flow on a new connection (its SDK compiles the form), playground median", value: round(firstFlow.median), unit: "ms" },
      { figure: "flow, playground server CPU per flow (/proc)", value: round(cpuPerFlow.playground), unit: "ms" },
      { figure: "flow, bare SDK server CPU per flow (/proc)", value: round(cpuPerFlow.bare), unit: "ms" },
      { figure: "flow CPU ratio", value: round(cpuPerFlow.playground / cpuPerFlow.bare), unit: "x" },
      { figure: "load average (1 min) at start / end", value: `${round(loadAtStart[0])} / ${round(loadavg()[0])}` },
    ]);
    await writeResult("official-sdk", result);
    return result;
  } finally {
    await Promise.all([playground.stop(), bare.stop()]);
  }
}

runIfMain(import.meta, main);
