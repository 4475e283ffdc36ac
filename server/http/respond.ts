// JSON answers and the one error type every route throws for a clean HTTP error.
import type { IncomingMessage, ServerResponse } from "node:http";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  res.end(text);
}

export function sendError(res: ServerResponse, error: HttpError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  sendJson(res, error.status, { error: error.message, ...error.extra });
}

/** Reads a JSON body up to `maxBytes`; anything else is a 4xx with a message saying what was wrong. */
export async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  if (isEmpty(req)) return undefined;
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, "Send the body as JSON (content-type: application/json)");
  const text = (await readBytes(req, maxBytes)).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/** A zip upload's bytes (content-type application/zip), at most maxBytes. */
export async function readZipBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/(?:zip|x-zip-compressed)\b/i.test(type)) throw new HttpError(415, "Send the zip as the body (content-type: application/zip)");
  if (isEmpty(req)) throw new HttpError(400, "The body is empty: send the exported zip");
  return readBytes(req, maxBytes);
}

const isEmpty = (req: IncomingMessage) =>
  req.headers["content-length"] === "0" || (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined);

async function readBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > maxBytes) throw new HttpError(413, `The body is larger than ${Math.round(maxBytes / 1024)} KB`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new HttpError(413, `The body is larger than ${Math.round(maxBytes / 1024)} KB`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The request's URL on our own origin; a target that is not a path (`*`, `http://x/`, garbage) is a 400. */
export function requestUrl(req: IncomingMessage, origin: string): URL {
  const target = req.url ?? "/";
  if (!target.startsWith("/") || target.startsWith("//")) throw new HttpError(400, "The request target must be a path");
  try {
    return new URL(target, origin);
  } catch {
    throw new HttpError(400, "The request target is not a valid path");
  }
}

/** An error as one short log line. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, " ").slice(0, 300);
}
