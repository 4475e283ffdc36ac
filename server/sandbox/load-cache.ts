// A worker's images of VMs just after a load, for loads that repeat: a room opens the same starter, the same
// solution and the same hidden checks hundreds of times. Restoring the image skips evaluating the files and the
// runtime's load, much of the cost of opening a loaded VM.
//
// Only a load seen before is imaged (taking an image has a cost of its own, and a learner's own edit never repeats), and
// the images are bounded in bytes, least recently used going first.
import { createHash } from "node:crypto";
import { setAsNewest } from "../../runtime/bounded-table";
import type { VmScript } from "./protocol";

/**
 * A VM's memory right after a load, the tokens of its entry points inside that memory, and what the load returned;
 * `started`, for an official-SDK VM imaged once its server started: what that start reported, and `forms`, the
 * forms its server had compiled ahead (runtime/official-sdk/ajv-compile-cache.ts).
 */
export type LoadedImage<S> = { snapshot: S; entries: Array<[string, number]>; json: string; started?: string; forms?: string[]; bytes: number };

/** How many distinct loads are remembered as seen (to spot the second sighting); older ones are forgotten. */
const SEEN_KEYS = 2000;

/** Everything a load's outcome depends on: the VM's kind, the files in order, and the load request. */
export function loadKey(kind: string, scripts: VmScript[], loadJson: string): string {
  const hash = createHash("sha256").update(`${kind}\0${loadJson}\0`);
  for (const s of scripts) hash.update(`${s.file}\0${s.module ? "m" : "s"}\0${s.code}\0`);
  return hash.digest("base64url");
}

export class LoadCache<S> {
  private images = new Map<string, LoadedImage<S>>();
  private seen = new Map<string, number>();
  private usedBytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(private readonly maxBytes: number) {}

  /** The image for `key`, if one is kept (and it becomes the most recently used). */
  take(key: string): LoadedImage<S> | undefined {
    const image = this.images.get(key);
    if (!image) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.images.delete(key);
    this.images.set(key, image);
    return image;
  }

  /** Counts a load of `key` about to run from scratch; true when it ran before, so its result is worth an image. */
  worthImaging(key: string): boolean {
    const count = (this.seen.get(key) ?? 0) + 1;
    setAsNewest(this.seen, key, count, SEEN_KEYS);
    return count >= 2 && this.maxBytes > 0;
  }

  /** Keeps `image` for `key`; `replace`: in place of the one kept (a started server imaged again with more forms). */
  put(key: string, image: LoadedImage<S>, replace = false): void {
    const old = this.images.get(key);
    if (old && replace) {
      this.images.delete(key);
      this.usedBytes -= old.bytes;
    }
    if (image.bytes > this.maxBytes || this.images.has(key)) return;
    while (this.usedBytes + image.bytes > this.maxBytes) {
      const [oldest, old] = this.images.entries().next().value!;
      this.images.delete(oldest);
      this.usedBytes -= old.bytes;
    }
    this.images.set(key, image);
    this.usedBytes += image.bytes;
  }

  stats(): { hits: number; misses: number; bytes: number } {
    return { hits: this.hits, misses: this.misses, bytes: this.usedBytes };
  }
}
