// The share link in the address bar: read once at load, opened afresh when one is pasted over this page's address,
// written on demand, and dropped when leaving if the work has moved on since (a link must never be older than the work).
import { useCallback, useEffect, useRef, useState } from "react";
import { projectStore } from "../project/project-store";
import { decodeShareHash, writeShareHash, type SharedProject } from "../project/share-link";

export interface ShareLink {
  /** The project in the hash at load: undefined while decoding, null when there is none. */
  shared: SharedProject | null | undefined;
  /** Writes the open project into the address bar; the link, or undefined with no lesson open. */
  write(): Promise<string | undefined>;
  /** The hash now in the address bar carries the project at this revision. */
  mark(revision: number): void;
  /** Whether the hash in the address bar still carries the work as it is. */
  current(): boolean;
}

export function useShareLink(): ShareLink {
  const [shared, setShared] = useState<SharedProject | null>();
  const revision = useRef(-1);
  const current = useCallback(() => revision.current === projectStore.snapshot().revision, []);

  useEffect(() => {
    void decodeShareHash(location.hash).then((s) => setShared(s ?? null));
    // A link pasted over this address changes only the hash: open it as a fresh load would (the draft is
    // flushed on the way out, and a differing draft is asked about).
    const onHash = () => {
      if (!location.hash.includes("project=")) return;
      revision.current = projectStore.snapshot().revision; // keep this hash through the reload
      location.reload();
    };
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);

  useEffect(() => {
    const onHide = () => {
      if (!location.hash || current()) return;
      const url = new URL(location.href);
      url.hash = "";
      history.replaceState(history.state, "", url);
    };
    addEventListener("pagehide", onHide);
    return () => removeEventListener("pagehide", onHide);
  }, [current]);

  const write = useCallback(async () => {
    const p = projectStore.snapshot();
    if (!p.lesson) return undefined;
    const link = await writeShareHash({ lessonId: p.lesson.id, files: p.files });
    revision.current = p.revision;
    return link;
  }, []);

  const mark = useCallback((r: number) => void (revision.current = r), []);
  return { shared, write, mark, current };
}
