// For room tests: a playground whose database is PGlite in a temporary folder, or the PostgreSQL server at
// DATABASE_URL when set (`npm run test:postgres`), and small clients for the room API and its event streams.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CreatedRoom, JoinedRoom } from "../../contract/rooms";
import { sseDataReader } from "../../contract/sse";
import type { Playground } from "../app";
import type { PlaygroundConfig } from "../config";
import { getChallengeMaterial, getLesson } from "../lessons/catalog";
import { api, startTestPlayground } from "./harness";

export type RoomPlayground = { pg: Playground; dataDir: string; restart(): Promise<void>; close(): Promise<void> };

export async function startRoomPlayground(overrides: Partial<PlaygroundConfig> = {}): Promise<RoomPlayground> {
  const dataDir = await mkdtemp(join(tmpdir(), "playground-rooms-"));
  const config = { dataDir, databaseUrl: process.env.DATABASE_URL || undefined, ...overrides };
  const pg = await startTestPlayground(config);
  // Open the database here, in the suite's set-up: creating a PGlite folder takes seconds (tens on a loaded machine).
  await pg.db.query("SELECT 1");
  const handle: RoomPlayground = {
    pg,
    dataDir,
    async restart() {
      await handle.pg.close();
      handle.pg = await startTestPlayground({ ...config, port: Number(new URL(handle.pg.url).port) });
    },
    async close() {
      await handle.pg.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

export async function createRoom(pg: Playground, title?: string, options: { hintsAlways?: boolean } = {}): Promise<CreatedRoom> {
  const res = await api(pg, "POST", "/api/rooms", { ...(title !== undefined && { title }), ...options });
  if (res.status !== 201) throw new Error(`room not created: ${res.status} ${res.text}`);
  return res.json;
}

export async function joinRoom(pg: Playground, code: string, name: string): Promise<JoinedRoom> {
  const res = await api(pg, "POST", `/api/rooms/${code}/join`, { name });
  if (res.status !== 201) throw new Error(`not joined: ${res.status} ${res.text}`);
  return res.json;
}

/** The starter files of a challenge (fail its checks) and its reference solution (pass them all). */
export async function challengeFiles(id: string): Promise<{ starter: Record<string, string>; solution: Record<string, string> }> {
  const lesson = await getLesson(id);
  const material = await getChallengeMaterial(id);
  if (!lesson || !material) throw new Error(`no challenge ${id}`);
  return { starter: lesson.files, solution: material.solution };
}

/** An event stream read as the page reads it: every `data:` payload, and a wait for the first one that matches. */
export async function openStream(url: string, key: string) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: bearer(key), signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream not opened: ${res.status} ${await res.text()}`);
  const events: any[] = [];
  const waiters: { test: (e: any) => boolean; resolve: (e: any) => void }[] = [];
  /** Settles when the server ends the stream (or the test closes it). */
  const ended = (async () => {
    const feed = sseDataReader((data) => {
      const event = JSON.parse(data);
      events.push(event);
      for (const w of [...waiters]) if (w.test(event)) waiters.splice(waiters.indexOf(w), 1), w.resolve(event);
    });
    try {
      for await (const text of (res.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream())) feed(text);
    } catch {
      // aborted
    }
  })();
  return {
    contentType: res.headers.get("content-type"),
    events,
    next(test: (event: any) => boolean): Promise<any> {
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    ended,
    close: () => controller.abort(),
  };
}

/** A challenge's Check, in a learner's room when a learner key is given. */
export function checkIn(pg: Playground, id: string, project: Record<string, string>, learnerKey?: string) {
  return api(pg, "POST", `/api/challenges/${id}/check`, { files: project, ...(learnerKey !== undefined && { learnerKey }) });
}

/** The teacher's board, read with a key. */
export function readBoard(pg: Playground, code: string, key: string) {
  return api(pg, "GET", `/api/rooms/${code}`, undefined, bearer(key));
}
