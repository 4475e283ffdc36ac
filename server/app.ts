// The playground's HTTP server: the SPA, the JSON API and every session's /mcp endpoint on one port.
import { hostname } from "node:os";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { PlaygroundConfig } from "./config";
import { applyConnectionTimeouts } from "./http/connection-timeouts";
import { allowedHostnames, checkHost, checkOrigin, proxiedOrigin } from "./http/guard";
import { Lifecycle } from "./http/lifecycle";
import { securityHeaders } from "./http/page-headers";
import { LiveStreams } from "./http/event-stream";
import { clientAddress, RateLimiter } from "./http/rate-limit";
import { rememberClient } from "./http/request-client";
import { HttpError, oneLine, readJson, readZipBody, requestUrl, sendError, sendJson } from "./http/respond";
import { serveStatic } from "./http/static-files";
import { OUTSIDE_PREFIX } from "../contract/outside";
import { serveOutsidePage } from "./outside/outside-page";
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import { createFlowStateCodec, type FlowState } from "./mcp/request-state";
import type { Database } from "./db/database";
import { challengeRoutes } from "./routes/api-challenges";
import { lessonRoutes } from "./routes/api-lessons";
import { roomRoutes } from "./routes/api-rooms";
import { Rooms } from "./rooms/rooms";
import { sessionRoutes } from "./routes/api-sessions";
import { solutionRoutes } from "./routes/api-solution";
import { testRoutes } from "./routes/api-tests";
import { mcpHandler } from "./routes/mcp-route";
import { matchRoute, type Route } from "./routes/route";
import type { SandboxPool } from "./sandbox/pool";
import { joinAddresses } from "./rooms/join-addresses";
import { SessionRegistry } from "./session/registry";
import { databaseSessionStore } from "./session/session-store";
import { startServices } from "./startup";
import { RunSlots } from "./routes/run-slots";
import { testRunDeps } from "./test-runs/run-deps";
import type { TestRunDeps } from "./test-runs/test-run";

export type Playground = {
  server: Server;
  url: string;
  registry: SessionRegistry;
  pool: SandboxPool;
  db: Database;
  rooms: Rooms;
  lifecycle: Lifecycle;
  /** SIGTERM: stop being ready, let requests in flight finish (up to `config.drainMs`), then close. */
  shutdown(): Promise<{ finished: boolean; leftInFlight: number }>;
  close(): Promise<void>;
};

export type RouteDeps = {
  registry: SessionRegistry;
  pool: SandboxPool;
  codec: RequestStateCodec<FlowState>;
  config: PlaygroundConfig;
  db: Database;
  rooms: Rooms;
  /** The sandbox, queue and limits every test run and Check shares. */
  runs: TestRunDeps;
  runSlots: RunSlots;
};

export async function startPlayground(config: PlaygroundConfig): Promise<Playground> {
  const codec = createFlowStateCodec(config.secret, config.requestStateTtlSeconds);
  const { db, pool } = await startServices(config);
  // Sessions live in the database when it is shared (DATABASE_URL): then any instance can rebuild any of them.
  const registry = new SessionRegistry(
    pool,
    codec,
    config,
    config.persistSessions ? databaseSessionStore(db, config.requestStateTtlSeconds * 1000) : undefined,
  );
  pool.onFull = () => registry.closeOneIdle();
  const rooms = new Rooms(db, {
    maxLearners: config.roomMaxLearners,
    resultsMs: config.roomResultsMs,
    stuck: { tryingMs: config.roomStuckTryingMs, idleMs: config.roomStuckIdleMs },
  });
  // The port is known once the server listens; no request asks for the join addresses before that.
  let port = config.port;
  const runs = testRunDeps(pool, codec, config);
  const runSlots = new RunSlots(config.runsPerClient);
  const routes: Route[] = [
    ...sessionRoutes(registry, rooms.course),
    ...lessonRoutes(rooms.course),
    ...testRoutes({ registry, pool, codec, config, db, rooms, runs, runSlots }),
    ...solutionRoutes({ registry }),
    ...roomRoutes(rooms, () => joinAddresses({ ...config, port })),
    ...challengeRoutes({ registry, pool, codec, config, db, rooms, runs, runSlots }, rooms.course.authored),
  ];
  const mcp = mcpHandler(registry);
  // Named once the port is known (port 0 picks one); no request arrives before that.
  let lifecycle!: Lifecycle;

  const limiters = {
    requests: new RateLimiter(config.rateLimits.requests),
    sessions: new RateLimiter(config.rateLimits.sessions),
    runs: new RateLimiter(config.rateLimits.runs),
    rooms: new RateLimiter(config.rateLimits.rooms),
    joins: new RateLimiter(config.rateLimits.joins),
    roomLookups: new RateLimiter(config.rateLimits.roomLookups),
  };
  const streams = new LiveStreams(config.liveStreams);

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, address: string): Promise<void> {
    const match = matchRoute(routes, req.method ?? "GET", url.pathname);
    if (match === undefined) throw new HttpError(404, `No API route ${req.method} ${url.pathname}`);
    if (match === "wrong-method") throw new HttpError(405, `${req.method} is not allowed on ${url.pathname}`);
    if (match.route.rateLimit) limiters[match.route.rateLimit].check(address);
    // A room code that does not exist costs the address a lookup; once they are spent, every code is refused alike,
    // so guessing cannot tell a real room from none.
    const roomCode = /^\/api\/rooms\/[^/]+/.test(url.pathname);
    if (roomCode) limiters.roomLookups.checkNotEmpty(address);
    const body =
      req.method === "GET" || req.method === "HEAD"
        ? undefined
        : match.route.body === "zip"
          ? await readZipBody(req, config.maxBodyBytes)
          : await readJson(req, config.maxBodyBytes);
    const answer = await match.route.handle({ params: match.params, body, url, req }).catch((error: unknown) => {
      if (roomCode && error instanceof HttpError && error.status === 404) limiters.roomLookups.take(address);
      throw error;
    });
    if ("stream" in answer) return answer.stream(res);
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    if ((typeof answer.body === "string" || answer.body instanceof Uint8Array) && answer.headers?.["content-type"]) {
      res.writeHead(answer.status, { "cache-control": "no-store" });
      return void res.end(answer.body);
    }
    sendJson(res, answer.status, answer.body);
  }

  const hostnames = allowedHostnames(config.host, config.allowedHosts);
  const hygiene = securityHeaders(config.embedOrigins);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(hygiene)) res.setHeader(name, value);
    lifecycle.track(req, res);
    // Probes come from the orchestrator by address, not by a name the Host check knows, so they go first.
    const probe = await lifecycle.answer((req.url ?? "/").split("?")[0]);
    if (probe) return sendJson(res, probe.status, probe.body);
    const origin = proxiedOrigin(req, checkHost(req, hostnames), config.trustProxy);
    const url = requestUrl(req, origin);
    const isApi = url.pathname.startsWith("/api/");
    const isMcp = url.pathname.startsWith("/mcp/");
    const isOutside = url.pathname.startsWith(OUTSIDE_PREFIX);
    const address = clientAddress(req, config.trustProxy);
    rememberClient(req, { key: address, streams });
    if (isApi || isMcp || isOutside) {
      checkOrigin(req, origin);
      limiters.requests.check(address);
    }
    // The pretend outside site: its form posts back to it (the only page outside /api and /mcp that takes a POST).
    if (isOutside) return await serveOutsidePage(req, res, url);
    if (isMcp) {
      if (Number(req.headers["content-length"] ?? 0) > config.maxBodyBytes) throw new HttpError(413, "The request body is too large");
      return await mcp(req, res, origin);
    }
    if (isApi) return await handleApi(req, res, url, address);
    if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, "Method not allowed");
    return await serveStatic(req, res, url);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof HttpError) return sendError(res, error);
      // One line, no stack: a flood of odd requests must not flood the log.
      console.error(`500 on ${req.method} ${String(req.url).slice(0, 200)}: ${oneLine(error)}`);
      sendError(res, new HttpError(500, "Something went wrong on the server; the error was logged"));
    });
  });
  // Limits on a connection's requests, and what one Node gives up on or cannot parse gets.
  applyConnectionTimeouts(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  port = typeof address === "object" && address ? address.port : config.port;
  rooms.start();
  lifecycle = new Lifecycle(config.instance ?? `${hostname()}:${port}`, [
    { name: "sandbox", check: async () => (await pool.stats(), true) },
    // Every session needs the database when sessions live there; otherwise it opens only for rooms, so it is not probed.
    ...(config.persistSessions ? [{ name: "database", check: async () => (await db.query("SELECT 1"), true) }] : []),
  ]);
  registry.instanceName = lifecycle.instance;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rooms.stop();
      await registry.close();
      await pool.close();
      await db.close();
    })());
  return {
    server,
    url: `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}`,
    registry,
    pool,
    db,
    rooms,
    lifecycle,
    async shutdown() {
      // It keeps listening while it drains: a 2025-11-25 client answering a pushed question needs a new request to
      // finish its call, and the orchestrator stops routing here once /readyz says 503. Responses meanwhile ask
      // their client to close the connection; what is still open at the end is closed.
      const drained = await lifecycle.drain(config.drainMs);
      await close();
      return drained;
    },
    close,
  };
}
