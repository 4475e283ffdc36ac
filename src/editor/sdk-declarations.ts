// The official SDKs' own declarations for the editor, fetched only once a project imports that SDK: each pack is a
// chunk of its own, built from the packages' .d.ts files by scripts/editor-declarations.ts.
import type { DeclarationPack } from "virtual:editor-declarations/sdk1";

export type { DeclarationPack };

const PACKS: Array<{ name: string; imported: RegExp; load: () => Promise<DeclarationPack> }> = [
  { name: "sdk1", imported: /["']@modelcontextprotocol\/sdk\//, load: () => import("virtual:editor-declarations/sdk1") },
  { name: "sdk2", imported: /["']@modelcontextprotocol\/server["'/]/, load: () => import("virtual:editor-declarations/sdk2") },
];

const requested = new Set<string>();

/** Fetches the packs these files import (each once) and hands each to `add` as it arrives. */
export function loadDeclarationsFor(texts: Iterable<string>, add: (name: string, pack: DeclarationPack) => void): void {
  const all = [...texts];
  for (const pack of PACKS) {
    if (requested.has(pack.name) || !all.some((text) => pack.imported.test(text))) continue;
    requested.add(pack.name);
    pack.load().then(
      (loaded) => add(pack.name, loaded),
      // A failed fetch (offline, a new deploy) is tried again on the next edit; the code still runs either way.
      () => requested.delete(pack.name),
    );
  }
}
