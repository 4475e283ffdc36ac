// How a worker makes, images and ends its VMs: the one place where the plain sandbox (plain-keeper.ts, quickjs-wasi's
// public API only) and the dense one (dense-keeper.ts, each optimisation a module of its own) differ. Everything
// else a worker does (running guest code, limits, the memory ledger, the watchdog's watch word) is the same for both.
import type { SandboxStats } from "./sandbox";
import type { ToWorker, VmImage, VmOptions, VmScript } from "./protocol";
import type { Vm } from "./vm";

/** A message that runs code in a VM (or closes it): the first such message builds the VM. */
export type VmStep = Exclude<ToWorker, { op: "hostReply" | "forgetImage" | "stats" | "open" | "restore" }>;

export interface VmKeeper {
  /** Builds VM `vmId` for its first step (a load the worker has an image of may come from that image). */
  build(vmId: number, limits: VmOptions, first: VmStep): Promise<void>;
  /** Brings a `keepState` VM back from its last image (on a worker that replaced the one it was on). */
  restore(vmId: number, limits: VmOptions, image: VmImage, modules: VmScript[]): Promise<void>;
  /** Before a load or call runs in `vm`. */
  beforeStep(vm: Vm, vmId: number): void;
  /** What the step answers without running, when the VM came from an image of it (a load, an official server's start). */
  answered(vm: Vm, vmId: number, step: VmStep): string | undefined;
  /** The VM's load ran and answered `json`. */
  loaded(vm: Vm, json: string): void;
  /** An official-SDK server's start ran and answered `json` (may throw a `crashed` error: the VM is then dropped). */
  started(vm: Vm, vmId: number, json: string): void;
  /** A good load or call (`id`) has answered `json`: a `keepState` VM's image is due. */
  stepAnswered(vmId: number, id: number, json: string | undefined): void;
  /** The pool gave up the VM's image. */
  forgetImage(vm: Vm): void;
  /** Ends the VM; `reusable`: it closed normally (not after a trap). The bytes of memory let go of. */
  dispose(vmId: number, vm: Vm, reusable: boolean): number;
  counts(): Pick<SandboxStats, "loadImages" | "instances">;
}
