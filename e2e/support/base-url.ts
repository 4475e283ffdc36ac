import { inject } from "vitest";

/** The URL of this worker's own backend (e2e/support/global-setup.ts starts one per worker). */
export function baseUrl(): string {
  const urls = inject("baseUrls");
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length];
}
