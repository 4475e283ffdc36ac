// What every module of a sandbox worker thread shares: the data the pool started it with, its port, and its VMs.
import { parentPort, workerData } from "node:worker_threads";
import type { DenseOptimisation, FromWorker, VmRuntime } from "./protocol";
import type { Vm } from "./vm";

const data = workerData as {
  wasm: WebAssembly.Module;
  runtimeCode: string;
  officialRuntimes: Record<Exclude<VmRuntime, "frontmcp">, string>;
  watch: BigInt64Array;
  /** Shared by the pool and every worker (see the ledger in protocol.ts); this worker writes its own `slot`. */
  ledger: BigInt64Array;
  slot: number;
  loadCacheBytes: number;
  /** The plain sandbox (SANDBOX_PLAIN): VMs restored with quickjs-wasi's public API only (see plain-keeper.ts). */
  plain: boolean;
  /** The dense sandbox's optimisations switched off (SANDBOX_DENSE_OFF). */
  denseOff: DenseOptimisation[];
};
export const { wasm, runtimeCode, officialRuntimes, watch, ledger, slot, loadCacheBytes, plain } = data;
export const denseOff = new Set(data.denseOff);

export const port = parentPort!;
export const send = (message: FromWorker) => port.postMessage(message);

/** This worker's VMs by id. */
export const vms = new Map<number, Vm>();
