// For tests that need the server as `npm start` runs it: server/main.ts in its own process on a free loopback port.
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { SERVER_ENV } from "../../scripts/server-env.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type ServerProcess = { url: string; port: number; child: ChildProcess; output(): string; stderr(): string; stop(): Promise<void> };

/** Starts `server/main.ts` (PORT=0) with extra environment; resolves once it prints its address. */
export function startServerProcess(env: Record<string, string> = {}, entry = "server/main.ts"): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "./scripts/register-ts.mjs", entry], {
    cwd: ROOT,
    env: { ...SERVER_ENV, ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", SANDBOX_WORKERS: "2", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}\n${err}`)), 60_000);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before starting:\n${out}\n${err}`)));
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /Elicitation Playground on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1],
        port: Number(new URL(m[1]).port),
        child,
        output: () => out + err,
        stderr: () => err,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
            setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 5000).unref();
          }),
      });
    });
  });
}

/**
 * Sends raw bytes on a fresh connection and returns the status the server answered with, or undefined when the
 * connection ended without an answer. This counts answers the server wrote, not requests the test built.
 */
export function rawRequest(port: number, bytes: string | Buffer, timeoutMs = 15_000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let head = "";
    let settled = false;
    const finish = (status: number | undefined) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(timeoutMs, () => finish(undefined));
    socket.on("data", (d) => {
      head += d.toString("latin1");
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (m) finish(Number(m[1]));
    });
    socket.on("error", () => finish(undefined));
    socket.on("end", () => finish(undefined));
    socket.write(bytes);
  });
}
