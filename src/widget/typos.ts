/**
 * Misspelt option names: a console warning naming the nearest known name; and a `locale` that is not a language tag.
 * Only ever warns, so the widget loads it with `import()` after the options are checked (`warnTypos` in options.ts,
 * the script tag in automount.ts): the inline bundle does not carry it.
 */
import { nearest } from '../protocol/nearest.js';

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
