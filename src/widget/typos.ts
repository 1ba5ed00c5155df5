/**
 * Misspelt option names: a console warning naming the nearest known name; and a `locale` that is not a language tag.
 * Only ever warns, so the widget loads it with `import()` after the options are checked (`warnTypos` in options.ts,
 * the script tag in automount.ts): the inline bundle does not carry it.
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

/**
 * One console warning per key of `given` that is not in `known`, naming the nearest known one; `show` spells a name
 * as the integrator wrote it (`data-primary-colour` on the script tag). `quiet`: a key with no near known name is
 * left alone (a script tag also carries other tools' `data-` attributes). `required`: a name that must be given
 * (`data-vendor`); when it is absent and no key was taken for it, one more warning says so — if any key is ours.
 */
export function warnUnknown(
  given: string[],
  known: readonly string[],
  show: (name: string) => string,
  quiet?: boolean,
  required?: string,
): void {
  let ours = false;
  let named = false;
  for (const key of given) {
    const near = known.includes(key) ? key : nearest(key, known);
    ours ||= !!near;
    named ||= near === required;
    if (near !== key && (near || !quiet))
      console.warn(
        `hosted-journey: unknown option ${show(key)} is ignored${near ? `; did you mean ${show(near)}?` : ''}`,
      );
  }
  if (required && ours && !named) console.warn(`hosted-journey: ${show(required)} is missing, so nothing mounts`);
}

/** A `locale` that is not a BCP 47 tag: said once, with what the journey does instead. */
export function warnLocale(value: unknown): void {
  console.warn(
    `hosted-journey: locale ${JSON.stringify(value)} is not a BCP 47 language tag (INVALID_LOCALE), so it is ` +
      "ignored: the journey's language comes from the page's <html lang>, then the browser's languages, then en-AU.",
  );
}
