// The baseline for official-SDK projects: the lesson's support-desk server, unchanged, run on the host with the real
// SDK 1.32 (bundled by esbuild for Node), its stdio transport swapped for the SDK's Streamable HTTP one.
import * as esbuild from "esbuild";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const FILE = `${REPO}lessons/13-support-desk-on-the-official-sdk/files/src/server.ts`;
const OUT = `${REPO}node_modules/.cache/bench-bare-sdk1.mjs`;

const stdioOverHttp = {
  name: "stdio-over-http",
  setup(build) {
    build.onResolve({ filter: /^@modelcontextprotocol\/sdk\/server\/stdio\.js$/ }, () => ({ path: `${REPO}bench/servers/stdio-over-http.mjs` }));
  },
};

const built = await esbuild.build({
  entryPoints: [FILE],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  write: false,
  plugins: [stdioOverHttp],
  // The SDK and its dependencies stay real packages, loaded by Node as on any host.
  packages: "external",
  logLevel: "silent",
});
await mkdir(`${REPO}node_modules/.cache`, { recursive: true });
// `packages: external` keeps bare imports; resolve them from the repo, as the bundle lives in node_modules/.cache.
await writeFile(OUT, built.outputFiles[0].text);
await import(pathToFileURL(OUT).href);

const server = createServer((req, res) => {
  if (!req.url.startsWith("/mcp")) return void ((res.statusCode = 404), res.end());
  void globalThis.__benchTransport.handleRequest(req, res);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

process.on("message", async (m) => {
  if (m.type === "stats") process.send({ type: "stats", memory: process.memoryUsage() });
  if (m.type === "stop") {
    server.closeAllConnections();
    server.close();
    process.exit(0);
  }
});
process.send({ type: "ready", url: `http://127.0.0.1:${server.address().port}`, mcpUrl: `http://127.0.0.1:${server.address().port}/mcp` });
