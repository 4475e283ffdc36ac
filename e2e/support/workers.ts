/** How many browser test files run at a time, each with its own backend and chromium (E2E_WORKERS, default 2). */
export function e2eWorkers(): number {
  const n = Number(process.env.E2E_WORKERS ?? 2);
  if (!Number.isInteger(n) || n < 1) throw new Error(`E2E_WORKERS must be a whole number of 1 or more, not "${process.env.E2E_WORKERS}"`);
  return n;
}
