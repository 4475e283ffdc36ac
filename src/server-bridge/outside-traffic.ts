// Outside clients on this session's /mcp URL (Claude Code, the MCP Inspector, an SDK script): the server's live feed of
// their exchanges (GET /api/sessions/{id}/traffic), turned into Wire tab exchanges beside the page's own. It follows
// whichever session the page holds now, reconnects after a dropped stream, and applies each server event once.
import { useSyncExternalStore } from "react";
import type { TrafficClient, TrafficEvent, TrafficExchange, TrafficStreamEvent } from "../../contract/traffic";
import { followEventStream } from "./event-stream";
import { outsideCard } from "./outside-cards";
import { sessionKeeper } from "./session";
import { wireLog, type WireExchange, type WireGroup } from "./wire-log";

export type { TrafficClient } from "../../contract/traffic";

export interface OutsideTraffic {
  /** "live": the feed is open; "reconnecting": it dropped and is being opened again; "off": no session yet. */
  state: "off" | "live" | "reconnecting";
  clients: TrafficClient[];
  dropped: { events: number; bytes: number };
  capBytes: number;
}

/** "claude-code 2.1.9": what the client calls itself, or what is known of it. */
export function clientName(client: TrafficClient): string {
  if (!client.name) return client.era === "2025-11-25" ? "an unnamed 2025-11-25 client" : "an unnamed 2026-07-28 client";
  return client.version ? `${client.name} ${client.version}` : client.name;
}

/** "2025-11-25 · instance 2": the era and, for official-SDK projects, which instance of the server serves it. */
export function clientDetails(client: TrafficClient): string {
  const instance = client.instance ? /^(\d+)/.exec(client.instance)?.[1] : undefined;
  return [client.protocolVersion ?? client.era, client.mcpSessionId && `session ${client.mcpSessionId.slice(0, 8)}…`, instance && `instance ${instance}`]
    .filter(Boolean)
    .join(" · ");
}

class OutsideTrafficFeed {
  private state: OutsideTraffic = { state: "off", clients: [], dropped: { events: 0, bytes: 0 }, capBytes: 0 };
  private listeners = new Set<() => void>();
  private following?: { id: string; abort: AbortController };
  private feedId = "";
  private lastSeq = 0;
  private exchanges = new Map<number, { wire: WireExchange; group: WireGroup }>();
  private clients = new Map<string, TrafficClient>();
  /** Each client's newest card, so its next exchange can join it or start its own. */
  private latest = new Map<string, WireGroup>();

  subscribe = (listener: () => void) => {
    if (!this.listeners.size) this.start();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.state;

  private set(patch: Partial<OutsideTraffic>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private started = false;
  private start() {
    if (this.started) return;
    this.started = true;
    const follow = () => this.follow(sessionKeeper.snapshot().id);
    sessionKeeper.subscribe(follow);
    follow();
  }

  /** Follows the feed of session `id` (a new session is a new feed: the old one's stream is closed). */
  private follow(id: string | undefined) {
    if (this.following?.id === id) return;
    this.following?.abort.abort();
    this.following = undefined;
    this.clients.clear();
    this.latest.clear();
    this.exchanges.clear();
    this.set({ state: "off", clients: [], dropped: { events: 0, bytes: 0 } });
    if (!id) return;
    const abort = new AbortController();
    this.following = { id, abort };
    void this.read(id, abort.signal);
  }

  private async read(id: string, signal: AbortSignal) {
    await followEventStream(
      `/api/sessions/${encodeURIComponent(id)}/traffic`,
      {},
      (data) => this.apply(JSON.parse(data) as TrafficStreamEvent),
      // "live" waits for the feed's snapshot (apply). Refused: the session is gone (404); the keeper makes a new
      // one, and following that one starts a new read.
      (state) => state !== "live" && this.set({ state: state === "refused" ? "off" : "reconnecting" }),
      signal,
    );
  }

  private apply(event: TrafficStreamEvent) {
    if (event.kind === "snapshot") {
      // A feed created again (the session rebuilt on another instance) numbers its events from 1.
      if (event.feed !== this.feedId) {
        this.feedId = event.feed;
        this.lastSeq = 0;
      }
      for (const client of event.clients) this.clients.set(client.key, client);
      for (const e of event.events) this.applyEvent(e);
      this.set({ state: "live", dropped: event.dropped, capBytes: event.capBytes, clients: [...this.clients.values()] });
      wireLog.changed();
      return;
    }
    this.applyEvent(event);
    wireLog.changed();
  }

  private applyEvent(event: TrafficEvent) {
    if (event.seq <= this.lastSeq) return;
    this.lastSeq = event.seq;
    switch (event.kind) {
      case "client":
        this.clients.set(event.client.key, event.client);
        for (const { group } of this.exchanges.values()) if (group.client === event.client.key) group.persona = clientName(event.client);
        this.set({ clients: [...this.clients.values()] });
        return;
      case "request":
        return this.opened(event.exchange);
      case "response": {
        const known = this.exchanges.get(event.exchange);
        if (!known) return;
        Object.assign(known.wire, {
          status: event.status,
          responseHeaders: event.responseHeaders,
          durationMs: event.durationMs,
          state: known.wire.state === "done" ? "done" : "streaming",
        });
        return;
      }
      case "message": {
        const known = this.exchanges.get(event.exchange);
        if (!known) return;
        known.wire.messages.push(event.message);
        known.wire.responseText += `${JSON.stringify(event.message)}\n`;
        return;
      }
      case "end": {
        const known = this.exchanges.get(event.exchange);
        if (!known) return;
        known.wire.state = "done";
        known.wire.completedMs = event.at - known.wire.startedAt;
        if (event.error) known.wire.error = event.error;
        this.exchanges.delete(event.exchange);
      }
    }
  }

  private opened(x: TrafficExchange) {
    const client = this.clients.get(x.client);
    const wire: Omit<WireExchange, "seq" | "groupId"> = {
      startedAt: x.startedAt,
      httpMethod: x.httpMethod,
      url: `/mcp/${this.following?.id ?? ""}`,
      requestHeaders: x.requestHeaders,
      ...(x.request !== undefined && { requestText: JSON.stringify(x.request), requestBody: x.request }),
      responseHeaders: {},
      responseText: "",
      messages: [],
      state: "pending",
    };
    const group = this.groupFor(x, client);
    this.exchanges.set(x.id, { wire: wireLog.append(group, wire), group });
  }

  private groupFor(x: TrafficExchange, client: TrafficClient | undefined): WireGroup {
    const groups = wireLog.snapshot().groups;
    const latest = this.latest.get(x.client);
    const choice = outsideCard(x, groups, latest && groups.includes(latest) ? latest : undefined);
    if ("join" in choice) {
      if (choice.label) choice.join.label = choice.label;
      return choice.join;
    }
    const group = wireLog.addOutsideGroup(choice.start, client ? clientName(client) : "an outside client", x.client, choice.kind, x.startedAt);
    this.latest.set(x.client, group);
    return group;
  }
}

export const outsideTraffic = new OutsideTrafficFeed();

export function useOutsideTraffic(): OutsideTraffic {
  return useSyncExternalStore(outsideTraffic.subscribe, outsideTraffic.snapshot);
}
