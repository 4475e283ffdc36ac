// Percentiles and summaries of latency samples (milliseconds).

/** Nearest-rank percentile: the smallest sample with at least p% of samples at or below it. */
function percentile(samples, p) {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export function summarize(samples) {
  const n = samples.length;
  const mean = n ? samples.reduce((a, b) => a + b, 0) / n : NaN;
  return {
    n,
    median: percentile(samples, 50),
    p95: percentile(samples, 95),
    mean,
    min: n ? Math.min(...samples) : NaN,
    max: n ? Math.max(...samples) : NaN,
  };
}

export const round = (x, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);

/** Milliseconds since `start` (a `performance.now()` value). */
export const since = (start) => performance.now() - start;
