// The SPA's door to /api/rooms: the teacher's board and controls, the learner's membership (kept in localStorage so
// a reload stays in the room), and live event streams read with fetch (EventSource cannot send the key as a header,
// and a key in a URL ends up in logs).
import { useSyncExternalStore } from "react";
import type { Board, LeadChange, LearnerRoom, LearnerView, RoomActivity } from "../../contract/rooms";
import { followEventStream, type StreamState } from "./event-stream";
import { ApiError, requestJson, waitingOutBusy } from "./http";

export type { Board, BoardItem, LearnerView } from "../../contract/rooms";
export type { LeadChange } from "../../contract/rooms";

const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const path = (code: string, rest = "") => `/api/rooms/${encodeURIComponent(code)}${rest}`;

// Teacher.
export const createRoom = (title: string) => requestJson<{ code: string; teacherKey: string }>("POST", "/api/rooms", { title });
export const leadRoom = (code: string, key: string, change: LeadChange) => requestJson<{ lead: Board["lead"] }>("POST", path(code, "/lead"), change, auth(key));
export const fetchLearnerView = (code: string, key: string, id: number) => requestJson<LearnerView>("GET", path(code, `/learners/${id}`), undefined, auth(key));
export const endRoom = (code: string, key: string) => requestJson<{ ended: true }>("POST", path(code, "/end"), undefined, auth(key));

/** A CSV as a file download: one row per learner and item, or (`perCheck`) one per learner and check. */
export async function downloadCsv(code: string, key: string, perCheck = false): Promise<void> {
  const suffix = perCheck ? "-checks" : "";
  const res = await fetch(path(code, `/export${suffix}.csv`), { headers: auth(key) });
  if (!res.ok) throw new ApiError(res.status, undefined, `The export failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: `room-${code}${suffix}.csv` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A room's live events (board or learner view) with the teacher's or learner's key, until `signal` aborts. */
export function followEvents(
  url: string,
  key: string,
  onEvent: (event: any) => void,
  onState: (state: StreamState, status?: number) => void,
  signal: AbortSignal,
): void {
  void followEventStream(url, auth(key), (data) => onEvent(JSON.parse(data)), onState, signal);
}

export const boardEventsUrl = (code: string) => path(code, "/events");

// Learner.
export type Membership = { code: string; learnerKey: string; name: string };
const MEMBERSHIP_KEY = "elicitation-playground:room";

/** The learner's room: who they are in it (kept across reloads) and the room as the server last described it. */
class RoomMembership {
  private state: { membership?: Membership; room?: LearnerRoom; ended?: boolean } = { membership: this.load() };
  private listeners = new Set<() => void>();

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.state;

  private set(patch: Partial<typeof this.state>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private load(): Membership | undefined {
    try {
      const raw = JSON.parse(localStorage.getItem(MEMBERSHIP_KEY) ?? "null");
      return raw && typeof raw.code === "string" && typeof raw.learnerKey === "string" && typeof raw.name === "string" ? raw : undefined;
    } catch {
      return undefined;
    }
  }

  /** Joins; a 429 is sent again after the server's Retry-After, so a class joining at once behind one address gets in. */
  async join(code: string, name: string): Promise<Membership> {
    const joined = await waitingOutBusy(() => requestJson<{ learnerKey: string; name: string; code: string }>("POST", path(code, "/join"), { name }), 6);
    const membership = { code: joined.code, learnerKey: joined.learnerKey, name: joined.name };
    localStorage.setItem(MEMBERSHIP_KEY, JSON.stringify(membership));
    this.set({ membership, room: undefined, ended: false });
    return membership;
  }

  async leave(): Promise<void> {
    const m = this.state.membership;
    if (m) await requestJson("POST", path(m.code, "/leave"), undefined, auth(m.learnerKey)).catch(() => undefined);
    this.forget();
  }

  forget(ended = false): void {
    localStorage.removeItem(MEMBERSHIP_KEY);
    this.set({ membership: undefined, room: undefined, ended });
  }

  received(room: LearnerRoom): void {
    if (room.ended) return this.forget(true);
    this.set({ room });
  }

  /** The learner key for a check, so the server records its own result in the room. */
  learnerKey(): string | undefined {
    return this.state.membership?.learnerKey;
  }

  /** Tells the room what the learner opened or tried; never blocks or breaks the page. */
  report(activity: RoomActivity): void {
    const m = this.state.membership;
    if (!m) return;
    void requestJson("POST", path(m.code, "/activity"), activity, auth(m.learnerKey)).catch(() => undefined);
  }

  follow(onState: (state: "live" | "reconnecting" | "refused", status?: number) => void, signal: AbortSignal): void {
    const m = this.state.membership;
    if (!m) return;
    followEvents(
      path(m.code, "/me/events"),
      m.learnerKey,
      (e) => e.type === "room" && this.received(e.room),
      (state, status) => {
        // The key no longer works: the room ended and its data was deleted, or the learner left elsewhere.
        if (state === "refused") this.forget(true);
        onState(state, status);
      },
      signal,
    );
  }
}

export const roomMembership = new RoomMembership();

export function useRoomMembership() {
  return useSyncExternalStore(roomMembership.subscribe, roomMembership.snapshot);
}
