// The dense sandbox's VMs: the plain life cycle with each optimisation composed from a module of its own: restores
// into kept instances (spare-restores.ts), load images (repeat-loads.ts), started images with forms compiled ahead
// (started-images.ts), and session images taken when a VM goes quiet, as page deltas (quiet-images.ts).
import { addVm, baseSnapshot, captureEntries, entryTokens, options } from "./base-snapshot";
import { hostCall, installHostBridge } from "./guest-calls";
import type { VmKeeper } from "./keeper";
import { bases, forgetBuffer, imageOthersNow, imageWhenQuiet, stopQuietTimer } from "./quiet-images";
import { buildOf, loadImages } from "./load-images";
import { buildFromImage, imageLoaded, keyOf } from "./repeat-loads";
import { closeInstance, instances, restoreInto } from "./spare-restores";
import { imageAgainWarmer, imageStarted, noteForms } from "./started-images";
import { denseOff, send, vms } from "./worker-context";

const deltas = !denseOff.has("pageDeltas");

export const denseKeeper: VmKeeper = {
  async build(vmId, limits, first) {
    const key = keyOf(limits, first);
    if (key !== undefined && (await buildFromImage(vmId, limits, first, key))) return;
    const base = await baseSnapshot(limits, limits.runtime ?? "frontmcp");
    const qjs = await restoreInto(
      base.snapshot,
      options(limits, () => vms.get(vmId)),
    );
    const entries = captureEntries(qjs);
    const tokens = limits.keepState ? entryTokens(qjs, entries) : "none";
    const stage = key !== undefined && loadImages.worthImaging(key) ? { is: "fresh-to-image" as const, key } : { is: "fresh" as const };
    const vm = addVm(vmId, qjs, { entries, modules: new Map(), builtins: base.builtins, tokens, stage });
    if (deltas) bases.set(vm, base.snapshot.memory);
    if (limits.runtime !== undefined && limits.runtime !== "frontmcp" && key !== undefined) buildOf.set(vm, key);
    if (limits.hostBridge) installHostBridge(vmId, qjs);
  },

  async restore(vmId, limits, image, modules) {
    const runtime = limits.runtime ?? "frontmcp";
    // Awaited for every runtime: it is where this worker finds Math.random's state (once), before seeding any VM.
    const base = await baseSnapshot(limits, runtime);
    // An image of pages: its base goes into the instance with the pages laid over it, so no buffer of the whole
    // memory is built (and faulted in, and collected) only to be copied again.
    const changes = image.delta;
    const qjs = await restoreInto(
      changes ? { ...image.snapshot, memory: changes.base } : image.snapshot,
      options(limits, () => vms.get(vmId)),
      changes && { byteLength: changes.byteLength, pages: changes.pages, packed: image.snapshot.memory },
    );
    const entries = new Map(image.entries.map(([name, token]) => [name, qjs.importHandle(token)]));
    const builtins = runtime === "frontmcp" ? {} : base.builtins;
    const vm = addVm(vmId, qjs, { entries, modules: new Map(modules.map((m) => [m.file, m.code])), builtins, tokens: image.entries, stage: { is: "loaded" } });
    if (changes && deltas) bases.set(vm, changes.base);
    if (limits.hostBridge) qjs.registerHostCallback("__host", hostCall(vmId, qjs));
  },

  beforeStep(vm, vmId) {
    imageOthersNow(vmId);
    // Only the load answered from the image the VM came from leaves it as that image.
    if (vm.stage.is === "pristine") vm.stage = { is: "loaded" };
  },

  answered(vm, vmId, step) {
    const stage = vm.stage;
    if (step.op === "load" && stage.is === "from-load-image") {
      vm.stage = stage.pristine ? { is: "pristine", image: stage.pristine } : { is: "loaded" };
      return stage.json;
    }
    if (step.op === "load" && stage.is === "from-started-image") {
      vm.stage = { is: "started-image-loaded", started: stage.started, image: stage.image };
      return stage.json;
    }
    // An official-SDK server restored from its started image has started: its start reports what the imaged one did.
    if (step.op === "invoke" && step.fn === "start" && stage.is === "started-image-loaded") {
      vm.stage = { is: "loaded" };
      imageAgainWarmer(vm, vmId, stage.image);
      return stage.started;
    }
    return undefined;
  },

  loaded: imageLoaded,
  started: imageStarted,

  stepAnswered(vmId, id, json) {
    const vm = vms.get(vmId);
    if (!vm) return;
    if (json !== undefined) noteForms(vm, json);
    // A VM still as the load image it came from has that image as its own, at once.
    if (vm.stage.is === "pristine") {
      send({ type: "image", vmId, upTo: id, image: vm.stage.image });
      vm.stage = { is: "loaded" };
      return;
    }
    imageWhenQuiet(vmId, id);
  },

  forgetImage: forgetBuffer,

  dispose(vmId, vm, reusable) {
    stopQuietTimer(vmId);
    return closeInstance(vm.qjs, reusable);
  },

  counts: () => ({ loadImages: loadImages.stats(), instances: instances.counts }),
};
