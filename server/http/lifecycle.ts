// An instance's life behind a load balancer: which instance answered (a response header), whether it is alive
// (/healthz) and ready for new work (/readyz), and a drain on shutdown that lets requests in flight finish.
import type { IncomingMessage, ServerResponse } from "node:http";
import { INSTANCE_HEADER } from "../../contract/instance-header";

/** A dependency readiness waits on (the sandbox pool, the database): throws or resolves false when not usable. */
export type ReadinessCheck = { name: string; check: () => Promise<boolean> };

export class Lifecycle {
  private inFlight = 0;
  private idle: Array<() => void> = [];
  private drainingSince?: number;

  constructor(
    readonly instance: string,
    private checks: ReadinessCheck[] = [],
  ) {}

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Counts a request until its response is finished or its connection closes; names the instance on it, so the
   * Wire tab can show round 1 and round 2 of one call served by different instances. */
  track(req: IncomingMessage, res: ServerResponse): void {
    res.setHeader(INSTANCE_HEADER, this.instance);
    // While draining, keep-alive connections are closed after their current request so clients reconnect elsewhere.
    if (this.draining) res.setHeader("connection", "close");
    // A GET event stream (a 2025-11-25 client's notification stream, a board's events) stays open until the
    // client leaves; the drain does not wait for those, they end when the process does and the client reconnects.
    if (req.method === "GET" && (req.headers.accept ?? "").includes("text/event-stream")) return;
    this.inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
    };
    res.once("finish", finish);
    res.once("close", finish);
    req.once("error", finish);
  }

  /** Answers /healthz and /readyz; undefined for any other path. */
  async answer(pathname: string): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
    if (pathname === "/healthz") return { status: 200, body: { status: "alive", instance: this.instance } };
    if (pathname !== "/readyz") return undefined;
    if (this.draining) return { status: 503, body: { status: "draining", instance: this.instance, inFlight: this.inFlight } };
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        try {
          return { name, ok: await check() };
        } catch (error) {
          return { name, ok: false, error: (error as Error).message };
        }
      }),
    );
    const ready = results.every((r) => r.ok);
    return { status: ready ? 200 : 503, body: { status: ready ? "ready" : "not ready", instance: this.instance, checks: results } };
  }

  /** Stops being ready and resolves when no request is in flight, or after `graceMs` (whichever comes first). */
  async drain(graceMs: number): Promise<{ finished: boolean; leftInFlight: number }> {
    this.drainingSince ??= Date.now();
    if (this.inFlight === 0) return { finished: true, leftInFlight: 0 };
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => this.idle.push(() => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    return { finished, leftInFlight: this.inFlight };
  }
}
