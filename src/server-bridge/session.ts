// One backend session per open project. The keeper pushes the learner's files to it, and when
// the backend forgets the session (restart, idle expiry) it quietly makes a new one from the
// same files: the learner never sees a 404 and never loses an edit.
import { useSyncExternalStore } from "react";
import type { Diagnostic, FilesUpdated, ListedTool, ProjectFiles, SessionCreated } from "../../contract/api";
import { ApiError, requestJson } from "./http";

export type { ListedTool } from "../../contract/api";

export interface SessionState {
  status: "none" | "syncing" | "ready" | "compile-error" | "unreachable";
  id?: string;
  mcpUrl?: string;
  tools: ListedTool[];
  diagnostics: Diagnostic[];
  error?: string;
  /** What the session's /mcp answers to `server/discover`, as its creation reported it (cleared by new files). */
  discover?: Record<string, unknown>;
  /** Bumps every time the server's module state restarts (new session or new files). */
  generation: number;
}

type Accepted = { id: string; mcpUrl?: string; tools?: ListedTool[]; diagnostics?: Diagnostic[]; discover?: Record<string, unknown> };

export class CompileError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    // No count here: the page counts one list of problems (src/editor/problems.ts) wherever it shows one.
    super("The project does not compile.");
    this.name = "CompileError";
  }
}

const filesKey = (files: ProjectFiles) => JSON.stringify(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));

class SessionKeeper {
  private state: SessionState = { status: "none", tools: [], diagnostics: [], generation: 0 };
  private listeners = new Set<() => void>();
  private syncedKey: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private restartListeners = new Set<() => void>();

  /**
   * `listener` runs just before the server restarts this session's module state (new files, Reset data), which ends
   * its connections: a client of the old one closes first, so it does not reopen its stream with a session id the
   * server no longer knows (a 404 on the Wire).
   */
  onRestart(listener: () => void): void {
    this.restartListeners.add(listener);
  }

  private restarting() {
    for (const l of this.restartListeners) l();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.state;

  private set(patch: Partial<SessionState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /**
   * Makes the backend hold exactly these files; serialised so edits never race each other. `starterOf`: these are
   * that lesson's untouched starter files, so a new session is asked for by the lesson's id. `replaced`: the files
   * were replaced wholesale (another lesson, a reset, a share), so the tools listed so far are not theirs: none are
   * offered until the server lists the new ones, and Call cannot reach the old lesson's tool meanwhile.
   */
  sync(files: ProjectFiles, starterOf?: string, replaced = false): Promise<SessionState> {
    const run = this.queue.then(() => this.syncNow(files, starterOf, replaced));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The backend lost our session: forget it and build a fresh one from the same files. */
  recreate(files: ProjectFiles): Promise<SessionState> {
    const run = this.queue.then(() => {
      this.set({ id: undefined, mcpUrl: undefined });
      this.syncedKey = undefined;
      return this.syncNow(files);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs `work` against a ready session; one transparent retry if the session vanished. */
  async withSession<T>(files: ProjectFiles, work: (id: string, mcpUrl: string) => Promise<T>): Promise<T> {
    let s = await this.sync(files);
    if (s.status === "compile-error") throw new CompileError(s.diagnostics);
    try {
      return await work(s.id!, s.mcpUrl!);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      s = await this.recreate(files);
      if (s.status === "compile-error") throw new CompileError(s.diagnostics);
      return work(s.id!, s.mcpUrl!);
    }
  }

  /**
   * Restarts the server's module state (the tickets and so on) without touching the files. `midCall` is a reset a
   * misbehaving client makes between two rounds of one 2026-07-28 call: that call's client goes on to send round 2.
   */
  async resetData(files: ProjectFiles, midCall = false): Promise<void> {
    await this.withSession(files, (id) => {
      if (!midCall) this.restarting();
      return requestJson("POST", `/api/sessions/${id}/reset`);
    });
    this.set({ generation: this.state.generation + 1 });
  }

  private async syncNow(files: ProjectFiles, starterOf?: string, replaced = false): Promise<SessionState> {
    const key = filesKey(files);
    if (this.state.id && key === this.syncedKey && this.state.status !== "unreachable") return this.state;
    this.set({ status: "syncing", ...(replaced && { tools: [] }) });
    try {
      if (this.state.id) {
        this.restarting();
        try {
          const updated = await requestJson<FilesUpdated>("PUT", `/api/sessions/${this.state.id}/files`, { files });
          this.accept(key, { id: this.state.id, mcpUrl: this.state.mcpUrl, ...updated });
          return this.state;
        } catch (err) {
          if (err instanceof ApiError && err.status === 422) return this.rejectCompile(key, err, this.state.id);
          if (!(err instanceof ApiError && err.status === 404)) throw err;
        }
      }
      try {
        const created = await requestJson<SessionCreated>("POST", "/api/sessions", starterOf ? { lessonId: starterOf } : { files });
        this.accept(key, created);
      } catch (err) {
        if (err instanceof ApiError && err.status === 422) return this.rejectCompile(key, err);
        throw err;
      }
      return this.state;
    } catch (err) {
      this.syncedKey = undefined;
      this.set({ status: "unreachable", error: (err as Error).message });
      throw err;
    }
  }

  private accept(key: string, s: Accepted) {
    this.syncedKey = key;
    this.set({
      status: "ready",
      id: s.id,
      // Same origin by design: keep only the path, so a proxy (vite dev) or a renamed host cannot send us elsewhere.
      mcpUrl: s.mcpUrl ? new URL(s.mcpUrl, location.href).pathname : `/mcp/${s.id}`,
      tools: s.tools ?? [],
      diagnostics: s.diagnostics ?? [],
      discover: s.discover,
      error: undefined,
      generation: this.state.generation + 1,
    });
  }

  private rejectCompile(key: string, err: ApiError, previousId?: string): SessionState {
    const body = (err.body ?? {}) as Partial<SessionCreated>;
    const id = body.id ?? previousId;
    this.syncedKey = key;
    this.set({
      status: "compile-error",
      id,
      mcpUrl: id ? `/mcp/${id}` : undefined,
      diagnostics: body.diagnostics ?? [],
      discover: undefined,
      error: undefined,
      generation: this.state.generation + 1,
    });
    return this.state;
  }
}

export const sessionKeeper = new SessionKeeper();

export function useSession(): SessionState {
  return useSyncExternalStore(sessionKeeper.subscribe, sessionKeeper.snapshot);
}
