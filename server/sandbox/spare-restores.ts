// The dense sandbox's restores: into the instance of a VM that closed when one is kept (spare-instances.ts), so a
// restore copies a snapshot into memory already in place instead of making an instance and its memory anew.
import type { QuickJS, QuickJSOptions, Snapshot } from "quickjs-wasi";
import type { PageDelta } from "./page-delta";
import { memoryReleased } from "./reclaim";
import { SpareInstances } from "./spare-instances";
import { denseOff, wasm } from "./worker-context";
import { fitsInTotal } from "./worker-ledger";

/**
 * Kept instances are outside the ledger: never more than the VMs this worker had open at once a moment before, kept
 * only while they fit under SANDBOX_TOTAL_MB, and let go of after SPARE_IDLE_MS without a VM opening.
 */
const SPARE_IDLE_MS = 2000;
export const instances = new SpareInstances(wasm, SPARE_IDLE_MS, memoryReleased);
const keep = denseOff.has("spareInstances") ? () => false : fitsInTotal;

/** A VM restored from `snapshot` (with `pages` laid over it: an image of the pages that differ from it). */
export const restoreInto = (snapshot: Snapshot, options: QuickJSOptions, pages?: PageDelta): Promise<QuickJS> => instances.restore(snapshot, options, pages);

/** Ends `qjs`, keeping its instance for the next restore when it closed normally and fits; the bytes let go of. */
export const closeInstance = (qjs: QuickJS, reusable: boolean): number => instances.close(qjs, reusable, keep);
