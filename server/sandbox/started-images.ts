// The dense sandbox's started images and forms compiled ahead. An official-SDK VM whose load repeats is imaged once
// its server has started, as the pages that differ from its runtime's snapshot, so later instances of the same files
// start from it. The forms (schema texts) a build's servers compiled are noted, and the next instance of that build
// compiles them ahead right after its start and is imaged so (runtime/official-sdk/ajv-compile-cache.ts): a
// server's first answer otherwise compiles its form in every instance, in QuickJS's interpreter.
import { MAX_FORM_CHARS, MAX_FORMS_REPORTED } from "../../contract/official-forms";
import { setAsNewest } from "../../runtime/bounded-table";
import type { StartReport } from "../../runtime/official-sdk/runtime";
import { entryTokens, type StartedImage, type WorkerSnapshot } from "./base-snapshot";
import { call, slice } from "./guest-calls";
import type { LoadedImage } from "./load-cache";
import { delta } from "./page-delta";
import { linearMemory, registers, sharedSnapshot } from "./quickjs-internals";
import { drewRandom } from "./randomness";
import { buildOf, loadImages } from "./load-images";
import { bases } from "./quiet-images";
import type { Vm } from "./vm";
import { denseOff } from "./worker-context";

/**
 * Keeps the image of an official-SDK VM whose server has just started, when its load is one that repeats. Each VM
 * from it is still a process of its own: a fresh copy of the module state the start left, as every start of those
 * files leaves it. A start that read the clock (`repeatable` false) or drew randomness is not kept: another moment
 * would have started it differently.
 */
export function imageStarted(vm: Vm, vmId: number, json: string): void {
  const stage = vm.stage;
  if (stage.is !== "loaded-to-image") return;
  vm.stage = { is: "loaded" };
  const report = JSON.parse(json) as StartReport;
  // Nor is one that drew from Math.random (the engine's state tells, whatever learner code did to the global).
  if (!report.ok || !report.repeatable || drewRandom(vm.qjs, vm.seed)) return;
  const forms = formsOfBuild.get(stage.key) ?? [];
  if (forms.length > 0 && !warmedAhead(vm, vmId, forms)) return;
  putStarted(vm, stage.key, { json: stage.json, started: json, forms });
}

/** The image of an official-SDK VM whose server has just started (and maybe compiled forms ahead), kept under `key`. */
function putStarted(vm: Vm, key: string, what: { json: string; started: string; forms: string[] }, replace = false): void {
  // Tokens of the entry handles taken at open; the runtime and context pointers are the snapshot's, as in every VM from it.
  const entries = entryTokens(vm.qjs, vm.entries);
  const base = bases.get(vm);
  if (!base) {
    const snapshot = sharedSnapshot(vm.qjs);
    loadImages.put(key, { snapshot, entries, ...what, bytes: snapshot.memory.byteLength }, replace);
    return;
  }
  const pages = delta(base, new Uint8Array(linearMemory(vm.qjs).buffer));
  const snapshot: StartedImage = { stackPointer: registers(vm.qjs).stackPointer, pages };
  loadImages.put(key, { snapshot, entries, ...what, bytes: pages.packed.byteLength }, replace);
}

/** The forms official-SDK servers of a build compiled, by load key. Bounded: a server asking endless forms warms a few. */
const formsOfBuild = new Map<string, string[]>();
const MAX_BUILDS_WITH_FORMS = 500;
/** Compiling a lesson's form ahead takes a few ms in QuickJS; one that takes this long is not a form worth keeping. */
const WARM_BUDGET_MS = 1000;

/** Notes the forms an official-SDK step reports it compiled for the first time. */
export function noteForms(vm: Vm | undefined, json: string): void {
  const build = vm && buildOf.get(vm);
  if (build === undefined || denseOff.has("formsAhead") || !json.includes('"forms":[')) return;
  const forms = (JSON.parse(json) as { forms?: unknown }).forms;
  if (!Array.isArray(forms)) return;
  const known = formsOfBuild.get(build) ?? [];
  for (const form of forms)
    if (typeof form === "string" && form.length <= MAX_FORM_CHARS && known.length < MAX_FORMS_REPORTED && !known.includes(form)) known.push(form);
  setAsNewest(formsOfBuild, build, known, MAX_BUILDS_WITH_FORMS);
}

/**
 * Has a server that has just started (nothing else ran in it) compile `forms` ahead; false when the result cannot go
 * in an image (it read the clock or drew randomness). A compile that fails or overruns crashes the VM: its state is
 * not known, and the build's forms are forgotten, so its next start is a plain one.
 */
function warmedAhead(vm: Vm, vmId: number, forms: string[]): boolean {
  try {
    const result = slice(vm, vmId, WARM_BUDGET_MS, () => call(vm, "warmForms", JSON.stringify({ forms })));
    const outcome = JSON.parse(result.consume((h) => h.toString())) as { repeatable: boolean };
    return outcome.repeatable && !drewRandom(vm.qjs, vm.seed);
  } catch {
    const build = buildOf.get(vm);
    if (build !== undefined) formsOfBuild.delete(build);
    throw Object.assign(new Error("The server stopped while the sandbox compiled its forms ahead"), { kind: "crashed" });
  }
}

/** A VM restored from its build's started image, at its start: imaged again when the build's servers compiled forms since. */
export function imageAgainWarmer(vm: Vm, vmId: number, from: LoadedImage<WorkerSnapshot | StartedImage>): void {
  const build = buildOf.get(vm);
  const forms = build === undefined ? undefined : formsOfBuild.get(build);
  if (!from.started || !forms || forms.every((form) => from.forms?.includes(form))) return;
  if (warmedAhead(vm, vmId, forms)) putStarted(vm, build!, { json: from.json, started: from.started, forms }, true);
}
