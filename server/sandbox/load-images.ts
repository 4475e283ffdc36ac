// The dense sandbox's load images on this worker (see repeat-loads.ts and started-images.ts), and the build each
// official-SDK VM was loaded from.
import type { StartedImage, WorkerSnapshot } from "./base-snapshot";
import { LoadCache } from "./load-cache";
import type { Vm } from "./vm";
import { loadCacheBytes } from "./worker-context";

export const loadImages = new LoadCache<WorkerSnapshot | StartedImage>(loadCacheBytes);

/** An official-SDK VM's build: the load key of its files (what the forms its server compiles are noted under). */
export const buildOf = new WeakMap<Vm, string>();
