/** How many browser test files run at a time, each with its own backend and chromium (E2E_WORKERS, default 2). */
export function e2eWorkers(): number {
  const n = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
}
