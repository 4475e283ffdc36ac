// The shape of a JSON API route and the matching of a request to one.
import type { IncomingMessage, ServerResponse } from "node:http";
import type * as z from "zod";
import { HttpError } from "../http/respond";

export type RouteContext = { params: string[]; body: unknown; url: URL; req: IncomingMessage };
/** JSON (or, with a content-type header and a string or bytes body, that); or a stream the route writes itself (SSE). */
export type RouteAnswer = { status: number; body: unknown; headers?: Record<string, string> } | { stream(res: ServerResponse): void };
/**
 * `rateLimit`: the per-address limit this route also takes from, besides the one every request takes from.
 * `body: "zip"`: the body is a zip's bytes (a Buffer in the context), not JSON.
 */
export type Route = {
  method: string;
  path: RegExp;
  rateLimit?: "sessions" | "runs" | "rooms" | "joins";
  body?: "zip";
  handle(ctx: RouteContext): Promise<RouteAnswer>;
};

export function matchRoute(routes: Route[], method: string, pathname: string): { route: Route; params: string[] } | "wrong-method" | undefined {
  let pathMatched = false;
  for (const route of routes) {
    const m = route.path.exec(pathname);
    if (!m) continue;
    pathMatched = true;
    if (route.method === method) return { route, params: m.slice(1).map(decodePart) };
  }
  return pathMatched ? "wrong-method" : undefined;
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpError(400, "The path has malformed percent-encoding");
  }
}

/** The request body as the contract's `schema` reads it; otherwise a 400 that says the first thing wrong with it. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0].message);
  return parsed.data;
}
