/**
 * Did-you-mean for names a developer types (widget options, `data-` attributes, webhook handler keys, event types):
 * one edit distance for every part, so each suggests the same way.
 */

/** Edit distance, case-insensitive; a swap of two neighbours counts one edit (`contianer` → `container`). */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const d: number[][] = [];
  for (let i = 0; i <= x.length; i++) {
    d[i] = [i];
    for (let j = 1; j <= y.length; j++)
      d[i]![j] = i
        ? Math.min(
            d[i - 1]![j]! + 1,
            d[i]![j - 1]! + 1,
            d[i - 1]![j - 1]! + +(x[i - 1] !== y[j - 1]),
            i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1] ? d[i - 2]![j - 2]! + 1 : j + i,
          )
        : j;
  }
  return d[x.length]![y.length]!;
}

/** The known name nearest to `name`, if it is within a third of its length (two edits at least). */
export function nearest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let min = Math.max(2, name.length / 3);
  for (const k of known) {
    const d = editDistance(name, k);
    if (d <= min) [min, best] = [d - 0.5, k];
  }
  return best;
}
