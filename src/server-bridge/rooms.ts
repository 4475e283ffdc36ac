// The SPA's door to /api/rooms: the teacher's board and controls, the learner's membership (kept in localStorage so
// a reload stays in the room), and live event streams read with fetch (EventSource cannot send the key as a header,
// and a key in a URL ends up in logs).
import { useSyncExternalStore } from "react";
import type {
  Board,
  CreatedRoom,
  JoinAddresses,
  JoinedRoom,
  LeadChange,
  LearnerRoom,
  LearnerSummary,
  LearnerView,
  ProjectorBoard,
  RoomActivity,
} from "../../contract/rooms";
import { followEventStream, type StreamState } from "./event-stream";
import { ApiError, requestJson, waitingOutBusy } from "./http";

export type { Board, BoardItem, BoardLearner, LearnerView } from "../../contract/rooms";
export { ITEM_STATE_LABELS, type ItemState } from "../../contract/verdicts";
export type { LeadChange } from "../../contract/rooms";

const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const path = (code: string, rest = "") => `/api/rooms/${encodeURIComponent(code)}${rest}`;

// Teacher.
export const createRoom = (title: string, hintsAlways = false) => requestJson<CreatedRoom>("POST", "/api/rooms", { title, hintsAlways });
export const fetchJoinAddresses = () => requestJson<JoinAddresses>("GET", "/api/rooms/join-addresses");
export const removeLearner = (code: string, key: string, id: number) => requestJson("POST", path(code, `/learners/${id}/remove`), undefined, auth(key));
export const renameLearner = (code: string, key: string, id: number, name: string) =>
  requestJson<{ name: string }>("POST", path(code, `/learners/${id}/rename`), { name }, auth(key));
export const mergeLearner = (code: string, key: string, id: number, into: number) =>
  requestJson("POST", path(code, `/learners/${id}/merge`), { into }, auth(key));
export const fetchRejoinToken = (code: string, key: string, id: number) =>
  requestJson<{ token: string; name: string }>("GET", path(code, `/learners/${id}/rejoin`), undefined, auth(key));
export const setJoinsOpen = (code: string, key: string, open: boolean) => requestJson("POST", path(code, "/joins"), { open }, auth(key));
export const lowerHand = (code: string, key: string, learner: number) => requestJson("DELETE", path(code, "/hand"), { learner }, auth(key));
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
export const projectorEventsUrl = (code: string) => path(code, "/projector/events");
export type { ProjectorBoard as Projector };

// Learner.
export type Membership = { code: string; learnerKey: string; name: string; rejoinToken?: string };
const MEMBERSHIP_KEY = "elicitation-playground:room";
const FRESH_REJOIN_KEY = "elicitation-playground:room-rejoin-fresh";

/** This tab's storage, where there is one (not in a worker, nor where a browser's privacy settings refuse it). */
function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The learner's room: who they are in it (kept across reloads) and the room as the server last described it. */
class RoomMembership {
  private state: { membership?: Membership; room?: LearnerRoom; ended?: boolean; summary?: LearnerSummary; removed?: boolean; freshRejoin?: boolean } = {
    membership: this.load(),
    freshRejoin: tabStorage()?.getItem(FRESH_REJOIN_KEY) === "1",
  };
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
    const joined = await waitingOutBusy(() => requestJson<JoinedRoom>("POST", path(code, "/join"), { name }), 6);
    return this.keep(joined, true);
  }

  /** A personal rejoin link opened: the same learner again, with their current item's code (returned to be put in the editor). */
  async rejoin(code: string, token: string): Promise<JoinedRoom> {
    const joined = await requestJson<JoinedRoom>("POST", path(code, "/rejoin"), { token });
    this.keep(joined, false);
    return joined;
  }

  private keep(joined: JoinedRoom, fresh: boolean): Membership {
    const membership = { code: joined.code, learnerKey: joined.learnerKey, name: joined.name, rejoinToken: joined.rejoinToken };
    localStorage.setItem(MEMBERSHIP_KEY, JSON.stringify(membership));
    // Shown once after a join (the learner keeps it); a rejoin needs no reminder.
    if (fresh) tabStorage()?.setItem(FRESH_REJOIN_KEY, "1");
    this.set({ membership, room: undefined, ended: false, summary: undefined, removed: false, freshRejoin: fresh });
    return membership;
  }

  /** The rejoin link was shown; it stays in the room menu. */
  rejoinShown(): void {
    tabStorage()?.removeItem(FRESH_REJOIN_KEY);
    this.set({ freshRejoin: false });
  }

  async raiseHand(text: string): Promise<void> {
    const m = this.state.membership;
    if (!m) return;
    await requestJson("POST", path(m.code, "/hand"), { learnerKey: m.learnerKey, text });
    if (this.state.room) this.set({ room: { ...this.state.room, handRaised: true } });
  }

  /** Counts one revealed hint on the board; in a room a hint shows only once the server has counted it. */
  async revealHint(item: string): Promise<void> {
    const m = this.state.membership;
    if (!m) return;
    await requestJson("POST", path(m.code, "/hint-reveal"), { learnerKey: m.learnerKey, item });
  }

  async lowerHand(): Promise<void> {
    const m = this.state.membership;
    if (!m) return;
    await requestJson("DELETE", path(m.code, "/hand"), { learnerKey: m.learnerKey });
    if (this.state.room) this.set({ room: { ...this.state.room, handRaised: false } });
  }

  async leave(): Promise<void> {
    const m = this.state.membership;
    if (m) await requestJson("POST", path(m.code, "/leave"), undefined, auth(m.learnerKey)).catch(() => undefined);
    this.forget();
  }

  forget(ended = false, summary?: LearnerSummary, removed = false): void {
    localStorage.removeItem(MEMBERSHIP_KEY);
    this.set({ membership: undefined, room: undefined, ended, summary, removed });
  }

  /** After the end the learner's own results are read once (the shared event has none), then the room is forgotten. */
  received(room: LearnerRoom): void {
    if (!room.ended) return this.set({ room });
    const m = this.state.membership;
    if (room.summary || !m) return this.forget(true, room.summary);
    void requestJson<LearnerRoom>("GET", path(m.code, "/me"), undefined, auth(m.learnerKey)).then(
      (mine) => this.forget(true, mine.summary),
      () => this.forget(true),
    );
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
        // The key no longer works: the teacher removed the learner, they left elsewhere, or the results were deleted.
        if (state === "refused") this.forget(false, undefined, true);
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
