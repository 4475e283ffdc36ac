// The plain sandbox's VMs, with quickjs-wasi's public API only: each VM is restored from its runtime's snapshot
// (`QuickJS.restore`), loaded and called; a session's VM is snapshotted (`snapshot()`) after every good load or call,
// so a replaced worker brings it back with the state of its last answer; a closed VM is disposed. No instance, image
// or compiled form is kept beyond that, which makes it the measure of what the dense sandbox's optimisations buy.
import { QuickJS } from "quickjs-wasi";
import { baseSnapshot, captureEntries, entryTokens, addVm, options } from "./base-snapshot";
import { hostCall, installHostBridge } from "./guest-calls";
import type { VmKeeper } from "./keeper";
import type { VmImage } from "./protocol";
import { send, vms } from "./worker-context";
import { linearBytes } from "./worker-ledger";

const counts = { fresh: 0, reused: 0, notKept: 0, idle: 0 };

export const plainKeeper: VmKeeper = {
  async build(vmId, limits) {
    const base = await baseSnapshot(limits, limits.runtime ?? "frontmcp");
    const qjs = await QuickJS.restore(
      base.snapshot,
      options(limits, () => vms.get(vmId)),
    );
    counts.fresh++;
    const entries = captureEntries(qjs);
    const tokens = limits.keepState ? entryTokens(qjs, entries) : "none";
    addVm(vmId, qjs, { entries, modules: new Map(), builtins: base.builtins, tokens, stage: { is: "fresh" } });
    if (limits.hostBridge) installHostBridge(vmId, qjs);
  },

  async restore(vmId, limits, image, modules) {
    const runtime = limits.runtime ?? "frontmcp";
    // Awaited for every runtime: it is where this worker finds Math.random's state (once), before seeding any VM.
    const base = await baseSnapshot(limits, runtime);
    const qjs = await QuickJS.restore(
      image.snapshot,
      options(limits, () => vms.get(vmId)),
    );
    counts.fresh++;
    const entries = new Map(image.entries.map(([name, token]) => [name, qjs.importHandle(token)]));
    const builtins = runtime === "frontmcp" ? {} : base.builtins;
    addVm(vmId, qjs, { entries, modules: new Map(modules.map((m) => [m.file, m.code])), builtins, tokens: image.entries, stage: { is: "loaded" } });
    if (limits.hostBridge) qjs.registerHostCallback("__host", hostCall(vmId, qjs));
  },

  beforeStep() {},
  answered: () => undefined,
  loaded(vm) {
    vm.stage = { is: "loaded" };
  },
  started() {},

  stepAnswered(vmId, id) {
    const vm = vms.get(vmId);
    if (!vm || vm.tokens === "none" || vm.waiters.size > 0) return;
    const image: VmImage = { snapshot: vm.qjs.snapshot() as VmImage["snapshot"], entries: vm.tokens };
    send({ type: "image", vmId, upTo: id, image });
  },

  forgetImage() {},

  dispose(_vmId, vm) {
    const bytes = linearBytes(vm);
    vm.qjs.dispose();
    counts.notKept++;
    return bytes;
  },

  counts: () => ({ loadImages: { hits: 0, misses: 0, bytes: 0 }, instances: { ...counts } }),
};
