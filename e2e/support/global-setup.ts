// One real backend per test worker for the whole run (the browser tier runs E2E_WORKERS files at a time, and a
// file never shares its backend's sessions, rate limits or database with the file beside it). The URLs reach the
// tests through `inject("baseUrls")`; `baseUrl()` in ./base-url.ts picks the worker's own.
// E2E_BASE_URL points every worker at an already running playground instead (handy while developing).
import type { TestProject } from "vitest/node";
import { freshDataDir, startBackend, type Backend } from "./backend";
import { e2eWorkers } from "./workers";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}

export default async function setup(project: TestProject) {
  const backends: Backend[] = [];
  const external = process.env.E2E_BASE_URL;
  if (!external) {
    // The first may build a stale page; the others start from that build, together.
    backends.push(await startBackend(undefined, { dataDir: freshDataDir() }));
    const rest = Array.from({ length: e2eWorkers() - 1 }, () => startBackend(undefined, { build: false, dataDir: freshDataDir() }));
    backends.push(...(await Promise.all(rest)));
  }
  project.provide("baseUrls", external ? [external] : backends.map((b) => b.url));
  return async () => {
    await Promise.all(backends.map((b) => b.stop()));
  };
}
