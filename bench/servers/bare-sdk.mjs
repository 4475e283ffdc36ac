// The baseline: the same close_ticket tool as a bare official-SDK 2.x server (close-ticket-server.mjs behind
// createMcpHandler), served with toNodeHandler on a free loopback port, with the Host and Origin checks the
// playground makes.
import { createServer } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from "@modelcontextprotocol/server";
import { buildServer } from "./close-ticket-server.mjs";

const mcp = createMcpHandler(buildServer);
const guarded = {
  ...mcp,
  fetch: async (req, options) =>
    hostHeaderValidationResponse(req, localhostAllowedHostnames()) ?? originValidationResponse(req, localhostAllowedOrigins()) ?? mcp.fetch(req, options),
};
const node = toNodeHandler(guarded);
const server = createServer((req, res) => (req.url.startsWith("/mcp") ? node(req, res) : ((res.statusCode = 404), res.end())));
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

process.on("message", async (m) => {
  if (m.type === "stats") process.send({ type: "stats", memory: process.memoryUsage() });
  if (m.type === "stop") {
    server.closeAllConnections();
    server.close();
    await mcp.close();
    process.exit(0);
  }
});
process.send({ type: "ready", url: `http://127.0.0.1:${server.address().port}`, mcpUrl: `http://127.0.0.1:${server.address().port}/mcp` });
