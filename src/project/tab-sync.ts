// Two tabs on one lesson must not overwrite each other in silence. A tab hears when another tab
// saves this lesson's draft (the storage event) and offers to load the newer text; tabs also
// tell each other which lesson they have open (BroadcastChannel), so each can say "open in
// another tab too" before any edit is lost.
import { useSyncExternalStore } from "react";
import { isDraftKey, loadDraft, sameFiles } from "./drafts";
import { projectStore } from "./project-store";

export interface TabSyncState {
  /** Another tab saved newer text for the lesson open here. */
  newerElsewhere: boolean;
  /** Other tabs of this browser with the same lesson open. */
  otherTabs: number;
}

type Message = { type: "open" | "here" | "closed"; tab: string; lessonId?: string; to?: string };

const CHANNEL = "elicitation-playground:tabs";

class TabSync {
  private state: TabSyncState = { newerElsewhere: false, otherTabs: 0 };
  private listeners = new Set<() => void>();
  private readonly tab = Math.random().toString(36).slice(2);
  private channel: BroadcastChannel | undefined;
  private peers = new Map<string, string>();
  private lessonId: string | undefined;

  start() {
    if (this.channel || typeof BroadcastChannel === "undefined") return;
    this.channel = new BroadcastChannel(CHANNEL);
    this.channel.onmessage = (e: MessageEvent<Message>) => this.onMessage(e.data);
    addEventListener("storage", (e) => {
      const id = this.lessonId;
      if (!id || !isDraftKey(e.key, id)) return;
      const theirs = loadDraft(id);
      this.set({ newerElsewhere: !!theirs && !sameFiles(theirs, projectStore.snapshot().files) });
    });
    addEventListener("pagehide", () => this.post({ type: "closed" }));
    projectStore.subscribe(() => this.follow());
    this.follow();
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.state;

  private set(patch: Partial<TabSyncState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private post(m: Omit<Message, "tab">) {
    this.channel?.postMessage({ ...m, tab: this.tab, lessonId: m.lessonId ?? this.lessonId });
  }

  private follow() {
    const id = projectStore.snapshot().lesson?.id;
    if (id === this.lessonId) return;
    this.lessonId = id;
    this.set({ newerElsewhere: false, otherTabs: this.countPeers() });
    this.post({ type: "open" });
  }

  private countPeers() {
    return [...this.peers.values()].filter((id) => id === this.lessonId).length;
  }

  private onMessage(m: Message) {
    if (!m || m.tab === this.tab) return;
    if (m.type === "closed") this.peers.delete(m.tab);
    else if (m.lessonId) this.peers.set(m.tab, m.lessonId);
    if (m.type === "open") this.post({ type: "here", to: m.tab });
    this.set({ otherTabs: this.countPeers() });
  }

  /** Loads the text another tab saved for this lesson. */
  loadNewer() {
    const id = this.lessonId;
    const theirs = id ? loadDraft(id) : undefined;
    if (theirs) projectStore.replaceFiles(theirs, "draft");
    this.set({ newerElsewhere: false });
  }

  dismiss() {
    this.set({ newerElsewhere: false });
  }
}

export const tabSync = new TabSync();

export function useTabSync(): TabSyncState {
  return useSyncExternalStore(tabSync.subscribe, tabSync.snapshot);
}
