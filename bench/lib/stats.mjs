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

/**
 * The spread of a list of per-round ratios: its median, its interquartile range (the middle half of the rounds) and
 * its extremes. The IQR is what a verdict is judged on: min–max grows with the number of rounds and, on a shared
 * machine, almost always holds one round a neighbour's burst tilted; the middle half does not.
 */
export function spreadOf(xs) {
  const ok = xs.filter(Number.isFinite);
  return {
    median: median(ok),
    q1: percentile(ok, 25),
    q3: percentile(ok, 75),
    min: ok.length ? Math.min(...ok) : Number.NaN,
    max: ok.length ? Math.max(...ok) : Number.NaN,
    n: ok.length,
  };
}

/** Per-pair ratios a[i]/b[i] (pairs measured in the same round). */
export const pairRatios = (a, b) => a.slice(0, Math.min(a.length, b.length)).map((x, i) => x / b[i]);

/**
 * A ratio's verdict against its goal (`at-least` or `at-most`), from its spread: met when the whole interquartile
 * range is on the goal's side, missed when the whole of it is on the other, else `noise` (the goal lies inside the
 * run's own spread: the run cannot tell).
 */
export function judge(s, goal, direction = 'at-least') {
  if (!Number.isFinite(s.median)) return null;
  const good = (x) => (direction === 'at-least' ? x >= goal : x <= goal);
  if (good(s.q1) && good(s.q3)) return true;
  if (!good(s.q1) && !good(s.q3)) return false;
  return 'noise';
}

/** `0.91× (IQR 0.88–0.94, min–max 0.80–1.02, 21 rounds)`. */
export const fmtSpread = (s, unit = 'rounds') =>
  `${fmtRatio(s.median)} (IQR ${s.q1.toFixed(2)}–${s.q3.toFixed(2)}, min–max ${s.min.toFixed(2)}–${s.max.toFixed(2)}, ${s.n} ${unit})`;

/** A short form for table cells: `0.91× (0.88–0.94)`, the IQR in brackets. */
export const fmtIqr = (s) => `${fmtRatio(s.median)} (${s.q1.toFixed(2)}–${s.q3.toFixed(2)})`;
