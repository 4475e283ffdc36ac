// The record behind the Wire tab: every HTTP exchange the playground's MCP client makes,
// grouped by the call that caused it, and those of outside clients on the same session (from the
// server's traffic feed, see outside-traffic.ts). Exchanges are mutated in place as their bodies
// stream in; a version counter tells React something changed.
import { useSyncExternalStore } from "react";
import { INSTANCE_HEADER, SESSION_REBUILT_HEADER } from "../../contract/instance-header";

export interface WireExchange {
  seq: number;
  groupId: number;
  startedAt: number;
  /** Time to response headers. */
  durationMs?: number;
  /** Time until the response body ended (SSE streams can stay open much longer). */
  completedMs?: number;
  httpMethod: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestText?: string;
  requestBody?: unknown;
  status?: number;
  responseHeaders: Record<string, string>;
  responseText: string;
  /** JSON-RPC messages in the response: the JSON body, or each SSE `data:` event. */
  messages: unknown[];
  state: "pending" | "streaming" | "done" | "failed";
  error?: string;
}

/** Which playground instance answered, from its response header (absent until the headers arrive). */
export function servedBy(exchange: WireExchange): string | undefined {
  return exchange.responseHeaders[INSTANCE_HEADER];
}

/** Whether the instance that answered had to rebuild the session from the database first (module state started over). */
export function rebuiltSession(exchange: WireExchange): boolean {
  return exchange.responseHeaders[SESSION_REBUILT_HEADER] === "1";
}

export interface WireGroup {
  id: number;
  label: string;
  persona: string;
  /** The lesson open when the call started: the Wire tab shows the current lesson's calls first. */
  lessonId: string;
  lessonTitle: string;
  startedAt: number;
  exchanges: WireExchange[];
  /** An outside client's card: that client's key in the traffic feed (absent for the page's own calls). */
  client?: string;
  /** An outside card holds a tools/call and its rounds ("call"), or what the client sent between calls ("other"). */
  outside?: "call" | "other";
}

export interface WireSnapshot {
  version: number;
  groups: WireGroup[];
}

class WireLog {
  private groups: WireGroup[] = [];
  private current: WireGroup | undefined;
  private seq = 0;
  private lesson = { id: "", title: "" };
  private snap: WireSnapshot = { version: 0, groups: [] };
  private listeners = new Set<() => void>();

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.snap;

  changed() {
    this.snap = { version: this.snap.version + 1, groups: [...this.groups] };
    for (const l of this.listeners) l();
  }

  /** Calls started from now on belong to this lesson. */
  setLesson(id: string, title: string) {
    if (id === this.lesson.id) return;
    this.lesson = { id, title };
    // Traffic after a lesson switch (a reconnect) must not land in the previous lesson's card.
    this.current = undefined;
    this.changed();
  }

  get lessonId() {
    return this.lesson.id;
  }

  private addGroup(label: string, persona: string, outside?: Pick<WireGroup, "client" | "outside" | "startedAt">): WireGroup {
    const group: WireGroup = {
      id: this.groups.length ? this.groups[this.groups.length - 1].id + 1 : 1,
      label,
      persona,
      lessonId: this.lesson.id,
      lessonTitle: this.lesson.title,
      startedAt: Date.now(),
      exchanges: [],
      ...outside,
    };
    this.groups.push(group);
    this.changed();
    return group;
  }

  /** Starts a group; exchanges recorded from now on belong to it. */
  beginGroup(label: string, persona: string): number {
    const group = this.addGroup(label, persona);
    this.current = group;
    return group.id;
  }

  /** A card for an outside client's exchanges (`startedAt`: its first one's); the page's own recording carries on in its current card. */
  addOutsideGroup(label: string, persona: string, client: string, kind: "call" | "other", startedAt: number): WireGroup {
    return this.addGroup(label, persona, { client, outside: kind, startedAt });
  }

  /** Adds an outside exchange to its card, numbered in the same sequence as the page's own. */
  append(group: WireGroup, partial: Omit<WireExchange, "seq" | "groupId">): WireExchange {
    const exchange: WireExchange = { ...partial, seq: ++this.seq, groupId: group.id };
    group.exchanges.push(exchange);
    this.changed();
    return exchange;
  }

  /** Later traffic of the same call (a sendElicitationResult answer) joins its group again. */
  resumeGroup(id: number) {
    this.current = this.groups.find((g) => g.id === id) ?? this.current;
  }

  record(partial: Omit<WireExchange, "seq" | "groupId">): WireExchange {
    if (!this.current) this.beginGroup("Connection", "");
    return this.append(this.current!, partial);
  }

  clear() {
    this.groups = [];
    this.current = undefined;
    this.changed();
  }

  /** `groups`: the cards to export (all by default); `extra`: more to say at the top level (the outside clients). */
  exportJson(groups: WireGroup[] = this.groups, extra: Record<string, unknown> = {}): string {
    return JSON.stringify({ exportedAt: new Date().toISOString(), ...extra, groups }, null, 2);
  }
}

export const wireLog = new WireLog();

export function useWireLog(): WireSnapshot {
  return useSyncExternalStore(wireLog.subscribe, wireLog.snapshot);
}
