// A teacher's own challenges: /api/challenges (contract/challenges.ts). The author keys stay in this browser, by
// challenge id, as a room's teacher key does; they travel only in the Authorization header.
import type { AuthoredChallenge, ChallengeCreated, ChallengeDraftInput, ChallengeSaved, FairnessProof } from "../../contract/challenges";
import { download } from "../ui/download";
import { ApiError, requestJson } from "./http";

export type { AuthoredChallenge, ChallengeDraftInput, FairnessProof };

const AUTHOR_KEYS = "elicitation-playground:author-keys";
type Mine = Record<string, { authorKey: string; title: string }>;

export function myChallenges(): Mine {
  try {
    return JSON.parse(localStorage.getItem(AUTHOR_KEYS) ?? "{}") as Mine;
  } catch {
    return {};
  }
}

function remember(id: string, authorKey: string, title: string): void {
  try {
    localStorage.setItem(AUTHOR_KEYS, JSON.stringify({ ...myChallenges(), [id]: { authorKey, title } }));
  } catch {
    /* the key still works for this page */
  }
}

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

/** A shipped challenge, checks and solution included, to start from; needs the room's teacher key. */
export const copyShipped = (from: string, room: string, teacherKey: string) =>
  requestJson<Required<ChallengeDraftInput>>("POST", "/api/challenges/copy", { from, room }, auth(teacherKey));

/** Saves (a new challenge, or a change to one of mine) and answers the fairness proof. */
export async function saveChallenge(draft: ChallengeDraftInput, id?: string): Promise<ChallengeSaved> {
  const mine = id === undefined ? undefined : myChallenges()[id];
  if (id !== undefined && mine) {
    const saved = await requestJson<ChallengeSaved>("PUT", `/api/challenges/${id}`, draft, auth(mine.authorKey));
    remember(id, mine.authorKey, draft.title);
    return saved;
  }
  const created = await requestJson<ChallengeCreated>("POST", "/api/challenges", draft);
  remember(created.id, created.authorKey, draft.title);
  return created;
}

export function loadChallenge(id: string): Promise<AuthoredChallenge> {
  const mine = myChallenges()[id];
  if (!mine) return Promise.reject(new ApiError(403, undefined, "This browser holds no author key for that challenge"));
  return requestJson<AuthoredChallenge>("GET", `/api/challenges/${id}`, undefined, auth(mine.authorKey));
}

export const addToRoom = (code: string, teacherKey: string, challengeId: string) =>
  requestJson("POST", `/api/rooms/${encodeURIComponent(code)}/items`, { challengeId }, auth(teacherKey));

/** Downloads the challenge as the course's lessons/ and checks/ folders in a zip. */
export async function downloadExport(id: string): Promise<void> {
  const mine = myChallenges()[id];
  if (!mine) throw new ApiError(403, undefined, "This browser holds no author key for that challenge");
  const res = await fetch(`/api/challenges/${id}/export`, { headers: auth(mine.authorKey) });
  if (!res.ok) throw new ApiError(res.status, undefined, `The export failed: ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `${id}.zip`;
  download(name, await res.blob());
}

/** Imports an exported zip as a new challenge of mine. */
export async function importZip(file: Blob): Promise<ChallengeCreated> {
  const res = await fetch("/api/challenges/import", { method: "POST", headers: { "content-type": "application/zip" }, body: file });
  const body = (await res.json().catch(() => undefined)) as (ChallengeCreated & { error?: string }) | undefined;
  if (!res.ok || !body) throw new ApiError(res.status, body, body?.error ?? `The import failed: ${res.status}`);
  remember(body.id, body.authorKey, body.id);
  return body;
}
