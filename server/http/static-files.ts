// Serves the built SPA from dist/, with index.html for client-side routes and a plain page before the first build.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { sendPage } from "./first-screen-page";
import { HttpError } from "./respond";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".ttf": "font/ttf",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

const PLACEHOLDER = `<!doctype html><meta charset="utf-8"><title>Elicitation Playground</title>
<p>The playground's page is not built yet. Run <code>npm start</code> (it builds what is stale), or use the API at <code>/api/lessons</code>.</p>`;

async function fileAt(path: string): Promise<string | undefined> {
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() ? path : undefined;
}

export async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    throw new HttpError(400, "The path has malformed percent-encoding");
  }
  if (pathname.includes("\0")) throw new HttpError(400, "The path holds a NUL character");
  if (pathname.split(/[/\\]/).includes("..")) throw new HttpError(400, "The path may not climb out of the page's folder");
  const relative = normalize(pathname).replace(/^(\.\.[/\\])+/, "");
  const path = (await fileAt(join(DIST, relative))) ?? (extname(relative) === "" ? await fileAt(join(DIST, "index.html")) : undefined);
  if (!path) {
    const index = await fileAt(join(DIST, "index.html"));
    res.writeHead(index ? 404 : 200, { "content-type": "text/html; charset=utf-8" });
    res.end(index ? "Not found" : PLACEHOLDER);
    return;
  }
  if (path === join(DIST, "index.html")) return sendPage(res, path, url);
  const immutable = path.includes(`${join(DIST, "assets")}`);
  res.writeHead(200, {
    "content-type": TYPES[extname(path)] ?? "application/octet-stream",
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
  // A file removed between stat and read ends this answer, not the process.
  createReadStream(path)
    .on("error", () => res.destroy())
    .pipe(res);
}
