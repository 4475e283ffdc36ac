// Plain JSON over fetch for /api. Errors keep the status and the parsed body so callers can
// tell "session gone" (404) from "your code does not compile" (422).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type { Diagnostic, ProjectFiles } from "../../contract/api";

export async function requestJson<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: { ...(body !== undefined && { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, undefined, `The playground server cannot be reached (${(err as Error).message}).`);
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!res.ok) {
    const detail = errorMessageOf(parsed) ?? res.statusText;
    throw new ApiError(res.status, parsed, `${method} ${path} failed: ${res.status} ${detail}`);
  }
  return parsed as T;
}

/** The seconds a 429's body asks to wait (the server's `retryAfterSeconds`, as in its Retry-After header). */
function busyFor(error: unknown): number | undefined {
  if (!(error instanceof ApiError && error.status === 429)) return undefined;
  const seconds = Number((error.body as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds ?? 1);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 1;
}

/**
 * Sends again when the server answers 429, after the wait it asks for plus up to a second at random (so a class
 * behind one address does not come back at the same instant), `attempts` times in all; any other failure is thrown
 * at once. A room of hundreds behind one NAT shares the per-address limits: its joins and runs get through this way.
 */
export async function waitingOutBusy<T>(
  send: () => Promise<T>,
  attempts = 10,
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const seconds = busyFor(error);
      if (seconds === undefined || attempt >= attempts) throw error;
      await sleep(seconds * 1000 + Math.random() * 1000);
    }
  }
}

function errorMessageOf(body: unknown): string | undefined {
  if (typeof body === "string") return body.slice(0, 200);
  if (body && typeof body === "object") {
    const e = (body as { error?: unknown; message?: unknown }).error ?? (body as { message?: unknown }).message;
    if (typeof e === "string") return e;
    if (e && typeof e === "object" && typeof (e as { message?: unknown }).message === "string") return (e as { message: string }).message;
  }
  return undefined;
}
