/**
 * Misspelt option names: a console warning naming the nearest known name (or the one another tool's name means:
 * `data-lang` → `data-locale`); and a `locale` that is not a language tag.
 * Only ever warns, so the widget loads it with `import()` after the options are checked (`warnTypos` in options.ts,
 * the script tag in automount.ts): the inline bundle does not carry it.
 */
import { nearest } from '../protocol/nearest.js';

/** Names other tools give what we call `locale` (`lang`, as HTML spells it), too far from it for `nearest`. */
const SAME: Record<string, string> = { lang: 'locale', language: 'locale' };

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
    const near = known.includes(key) ? key : (nearest(key, known) ?? known.find((k) => k === SAME[key]));
    ours ||= !!near;
    named ||= near === required;
    if (near !== key && (near || !quiet))
      console.warn(
        `hosted-journey: unknown option ${show(key)} is ignored${near ? `; did you mean ${show(near)}?` : ''}`,
      );
  }
  if (required && ours && !named) console.warn(`hosted-journey: ${show(required)} is missing, so nothing mounts`);
}

/** The options' and their theme's unknown keys (`warnUnknown`), and a `locale` that is not a tag (`warnLocale`). */
export function warnOptions(
  options: Record<string, unknown>,
  known: readonly string[],
  theme: readonly string[],
  badLocale: boolean,
): void {
  warnUnknown(Object.keys(options), known, (k) => `'${k}'`);
  warnUnknown(Object.keys(options.theme ?? {}), theme, (k) => `'theme.${k}'`);
  if (badLocale) warnLocale(options.locale);
}

/**
 * A `locale` that is not a BCP 47 tag: said once, with what the journey does instead, and the tag meant when `_`
 * stands for `-` (`ar_EG` → `ar-EG`, as POSIX and Java spell locales).
 */
export function warnLocale(value: unknown): void {
  let meant: string | undefined;
  try {
    meant = typeof value === 'string' ? Intl.getCanonicalLocales(value.replace(/_/g, '-'))[0] : undefined;
  } catch {
    /* no tag either way */
  }
  console.warn(
    `hosted-journey: locale ${JSON.stringify(value)} is not a BCP 47 language tag (INVALID_LOCALE), so it is ` +
      "ignored: the journey's language comes from the page's <html lang>, then the browser's languages, then en-AU." +
      (meant ? ` Did you mean '${meant}'?` : ''),
  );
}
