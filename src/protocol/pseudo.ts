/**
 * The pseudo-locale `en-XA` [ours], for tests: every en-AU text accented and about 40 % longer, so a test sees at
 * once a word that skipped its catalogue (it stays plain) and a layout that cannot take longer words. `{name}`
 * parameters stay as they are.
 */
import type { Locale, TranslatedLocale } from './locale.js';
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

/** One text in the pseudo-locale: accented, padded to about 140 % of its length inside `[…]`. */
export function pseudoText(text: string): string {
  const accented = text.replace(/\{\w+\}|[A-Za-z]/g, (c) => (c.length > 1 ? c : (ACCENTED[c] ?? c)));
  const pad = '·'.repeat(Math.ceil(text.length * 0.4));
  return `[${accented}${pad}]`;
}

/** A whole catalogue in the pseudo-locale. */
export function pseudoCatalogue<K extends string>(words: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(words).map(([k, v]) => [k, pseudoText(v)])) as Record<K, string>;
}

/**
 * A catalogue for every shipped locale: en-AU's words, the pseudo-locale made from them, and each translation (the
 * `translated` record has a key for each, so a locale added to the list is missing here until it is written).
 */
export function everyLocale<K extends string, W extends Partial<Record<K, string>>>(
  english: Record<K, string>,
  translated: Record<TranslatedLocale, W>,
): Record<Locale, W> {
  return { 'en-AU': english as W, 'en-XA': pseudoCatalogue(english) as W, ...translated };
}
