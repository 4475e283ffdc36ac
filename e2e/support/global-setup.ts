// One real backend for the whole run; its URL reaches the tests through `inject("baseUrl")`.
// E2E_BASE_URL points the tests at an already running playground instead (handy while developing).
import type { TestProject } from "vitest/node";
import { startBackend, type Backend } from "./backend";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  let backend: Backend | undefined;
  const external = process.env.E2E_BASE_URL;
  if (!external) backend = await startBackend();
  project.provide("baseUrl", external ?? backend!.url);
  return async () => {
    await backend?.stop();
  };
}
