// Small statistics helpers. Medians and percentiles, never means: shared machines produce long right tails.

/** Sorted copy, ascending. */
const sorted = (xs) => Float64Array.from(xs).sort();

/** Nearest-rank percentile (p in 0..100) of a non-empty list. */
export function percentile(xs, p) {
  if (!xs.length) return Number.NaN;
  const s = sorted(xs);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))];
}

export const median = (xs) => {
  if (!xs.length) return Number.NaN;
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Median of the per-pair ratios a[i]/b[i] — robust to drift across an interleaved run. */
export function medianPairRatio(a, b) {
  const n = Math.min(a.length, b.length);
  const r = [];
  for (let i = 0; i < n; i++) if (b[i] > 0) r.push(a[i] / b[i]);
  return median(r);
}

/** Runs `fn` repeatedly for about `ms` milliseconds (bounded by `maxIterations`); returns operations per second. */
export async function opsPerSecond(fn, { ms = 300, maxIterations = 1e7 } = {}) {
  const t0 = performance.now();
  let n = 0;
  let now = t0;
  while (n < maxIterations) {
    await fn();
    n++;
    if ((n & 15) === 0 && (now = performance.now()) - t0 >= ms) break;
  }
  now = performance.now();
  return (n * 1000) / (now - t0);
}

export const fmtMs = (x, digits = 2) => (Number.isFinite(x) ? `${x.toFixed(digits)} ms` : 'n/a');
export const fmtRatio = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : 'n/a');
export const fmtInt = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a');
export const fmtKB = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} KB` : 'n/a');
export const fmtMiB = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1048576).toFixed(1)} MiB` : 'n/a');
