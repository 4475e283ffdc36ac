// Starts the servers under test as child processes (so their memory and CPU are their own), and reads their memory.
import { fork } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
const READY_TIMEOUT_MS = 60_000;

/**
 * Forks `script` (relative to the repo) with an IPC channel; resolves once it reports `ready`.
 * `BENCH_CPU_PROF=<dir>` adds `--cpu-prof` so the child writes a profile when stopped; `BENCH_NODE_ARGS` adds its
 * space-separated Node/V8 flags to the child (e.g. `--trace-gc-nvp`, to see a server's collections per thread).
 */
export async function startChild(script, { env = {}, execArgv = [] } = {}) {
  const profDir = process.env.BENCH_CPU_PROF;
  const args = [
    ...(script.endsWith(".ts") ? ["--import", "./scripts/register-ts.mjs"] : []),
    ...execArgv,
    ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
    ...(profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []),
  ];
  const child = fork(script, [], { cwd: REPO, execArgv: args, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    child.on("message", function onReady(m) {
      if (m.type !== "ready") return;
      clearTimeout(timer);
      child.off("message", onReady);
      resolve(m);
    });
  });
  child.removeAllListeners("exit");
  return {
    pid: child.pid,
    url: ready.url,
    mcpUrl: ready.mcpUrl,
    /**
     * Thread ids the playground had before it started its sandbox workers (bench/servers/playground.ts): every thread
     * born later is a sandbox worker, a replaced one included (see laterThreadsCpuMs).
     */
    startThreads: ready.startThreads ?? [],
    memory: () => processMemory(child.pid),
    stats: () => ask(child, "stats"),
    /** Sends `{ type, ...fields }` and resolves with the child's first message of that type. */
    ask: (type, fields) => ask(child, type, fields),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send({ type: "stop" });
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function ask(child, type, fields = {}) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} answer`)), 60_000);
    child.on("message", function onAnswer(m) {
      if (m.type !== type) return;
      clearTimeout(timer);
      child.off("message", onAnswer);
      resolve(m);
    });
    child.send({ ...fields, type });
  });
}

/** VmRSS (now) and VmHWM (peak since start) of a process, in MB, from /proc. */
function processMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMB: kb("VmRSS") / 1024, hwmMB: kb("VmHWM") / 1024 };
}

/** Samples a process's RSS every `everyMs` until stopped; the peak catches what VmHWM would, with a timeline. */
export function sampleMemory(pid, everyMs = 100) {
  let peakMB = 0;
  const timer = setInterval(() => {
    try {
      peakMB = Math.max(peakMB, processMemory(pid).rssMB);
    } catch {
      // The process is gone; the last peak stands.
    }
  }, everyMs);
  return { stop: () => (clearInterval(timer), peakMB) };
}

const TICK_MS = 10; // USER_HZ is 100 on Linux
/** A thread's or process's CPU (user + system) from its /proc stat fields, in ms. */
const cpuOfStat = (fields) => (Number(fields[11]) + Number(fields[12])) * TICK_MS;

/**
 * CPU time (user + system) of every thread a process started after `earlier` (thread ids) were listed, alive or
 * ended, in ms; a figure to take differences of. The process's own figure keeps the time of its threads that ended
 * (a worker thread replaced mid-run), so this is that figure less the earlier threads', which stay for the process's
 * life (the main thread, V8's and libuv's pools): one of them ending would move its time into this figure.
 */
export function laterThreadsCpuMs(pid, earlier) {
  let sum = cpuOfStat(statFields(pid));
  for (const tid of earlier) {
    try {
      sum -= cpuOfStat(statFields(`${pid}/task/${tid}`));
    } catch {
      // Ended: its time stays in the process's figure.
    }
  }
  return sum;
}

function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the parenthesised command name, which may itself hold spaces.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/**
 * CPU time (user + system, all threads) of a process and its direct children (esbuild's service), in ms;
 * `mainMs` is its main thread alone (the rest is sandbox workers, GC helpers and libuv's pool); `minorFaults`: its
 * page faults served without I/O, all threads.
 */
export function cpuMs(pid) {
  if (!existsSync(`/proc/${pid}`)) throw new Error(`process ${pid} has exited: no CPU figures for it`);
  let children = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) === pid) children += cpuOfStat(fields);
    } catch {
      // Gone between the listing and the read.
    }
  }
  let mainMs = Number.NaN;
  try {
    mainMs = cpuOfStat(statFields(`${pid}/task/${pid}`));
  } catch {
    // No per-thread figures on this system.
  }
  const own = statFields(pid);
  // minflt (field 10), all threads: a fresh WebAssembly memory is faulted in page by page as a VM first writes it.
  return { serverMs: cpuOfStat(own), childrenMs: children, mainMs, minorFaults: Number(own[7]) };
}
