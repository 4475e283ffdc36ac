// The dense sandbox's load images: a VM whose load this worker has run before is imaged once it has loaded (an
// official-SDK VM once its server has started, see started-images.ts), and the next VM with that same load is
// restored from the image and answers the load without running it. A room opens the same starter, the same solution
// and the same hidden checks hundreds of times.
import type { QuickJS } from "quickjs-wasi";
import { addVm, baseSnapshot, entryTokens, options, type WorkerSnapshot } from "./base-snapshot";
import { hostCall } from "./guest-calls";
import type { VmStep } from "./keeper";
import { loadKey } from "./load-cache";
import { buildOf, loadImages } from "./load-images";
import type { VmImage, VmOptions } from "./protocol";
import { sharedSnapshot } from "./quickjs-internals";
import { drewRandom } from "./randomness";
import { restoreInto } from "./spare-restores";
import { bases } from "./quiet-images";
import type { Vm } from "./vm";
import { denseOff, vms } from "./worker-context";

/** The key of a VM's load: its kind (an official-SDK image is patched over a VM with these limits), files and request. */
export function keyOf(limits: VmOptions, first: VmStep): string | undefined {
  if (first.op !== "load") return undefined;
  const runtime = limits.runtime ?? "frontmcp";
  const kind = runtime === "frontmcp" ? (limits.hostBridge ? "frontmcp+host" : "frontmcp") : `${runtime}:${limits.memoryMB}:${limits.stackBytes}`;
  return loadKey(kind, first.scripts, first.loadJson);
}

/** Builds VM `vmId` from the image of its first step's load; false when there is none. */
export async function buildFromImage(vmId: number, limits: VmOptions, first: VmStep, key: string): Promise<boolean> {
  const image = loadImages.take(key);
  if (!image) return false;
  const runtime = limits.runtime ?? "frontmcp";
  const entries = (qjs: QuickJS) => new Map(image.entries.map(([name, token]) => [name, qjs.importHandle(token)]));
  const tokens = limits.keepState ? image.entries : "none";
  const opts = options(limits, () => vms.get(vmId));
  if (image.started !== undefined) {
    // An official-SDK server, started: as the pages its start changed, laid over its runtime's snapshot, or whole.
    const base = await baseSnapshot(limits, runtime);
    const qjs =
      "pages" in image.snapshot
        ? await restoreInto({ ...base.snapshot, stackPointer: image.snapshot.stackPointer }, opts, image.snapshot.pages)
        : await restoreInto(image.snapshot, opts);
    const modules = new Map(first.op === "load" ? first.scripts.filter((s) => s.module).map((s) => [s.file, s.code] as const) : []);
    const stage = { is: "from-started-image" as const, json: image.json, started: image.started, image };
    const vm = addVm(vmId, qjs, { entries: entries(qjs), modules, builtins: base.builtins, tokens, stage });
    if (!denseOff.has("pageDeltas")) bases.set(vm, base.snapshot.memory);
    buildOf.set(vm, key);
    return true;
  }
  const snapshot = image.snapshot as WorkerSnapshot;
  const qjs = await restoreInto(snapshot, opts);
  const pristine = tokens === "none" ? undefined : unchangedImage(snapshot, tokens);
  const vm = addVm(vmId, qjs, {
    entries: entries(qjs),
    modules: new Map(),
    builtins: {},
    tokens,
    stage: { is: "from-load-image", json: image.json, pristine },
  });
  if (!denseOff.has("pageDeltas")) bases.set(vm, snapshot.memory);
  // The runtime took the bridge function during the load; its host side is bound again by name.
  if (limits.hostBridge) qjs.registerHostCallback("__host", hostCall(vmId, qjs));
  return true;
}

/** Keeps the image of a FrontMCP VM that has just loaded, when its load is one that repeats. */
export function imageLoaded(vm: Vm, json: string): void {
  const stage = vm.stage;
  // An official-SDK VM (the one kind with builtin modules) has only stored its files: it is imaged once started.
  if (stage.is === "fresh-to-image" && Object.keys(vm.builtins).length > 0) {
    vm.stage = { is: "loaded-to-image", key: stage.key, json };
    return;
  }
  vm.stage = { is: "loaded" };
  // A load that drew from Math.random would give every VM from its image the values it drew.
  if (stage.is !== "fresh-to-image" || drewRandom(vm.qjs, vm.seed)) return;
  // Tokens of the entry handles taken at open, before any project code ran: the image carries them.
  const entries = entryTokens(vm.qjs, vm.entries);
  const snapshot = sharedSnapshot(vm.qjs);
  loadImages.put(stage.key, { snapshot, entries, json, bytes: snapshot.memory.byteLength });
}

/**
 * The image of a session VM as its load leaves it when that load came from a load image: the load image itself with
 * no page changed (restoring it seeds Math.random afresh and takes the entry handles again, as this VM's restore did).
 * The pool holds it at no cost, where comparing the VM's memory with that image page by page would find nothing.
 */
function unchangedImage(snapshot: WorkerSnapshot, entries: Array<[string, number]>): VmImage {
  const { stackPointer, runtimePtr, contextPtr } = snapshot;
  return {
    snapshot: { memory: new Uint8Array(0), stackPointer, runtimePtr, contextPtr, extensions: [] },
    entries,
    delta: { base: snapshot.memory, byteLength: snapshot.memory.byteLength, pages: new Uint32Array(0) },
  };
}
