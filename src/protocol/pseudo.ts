/**
 * The pseudo-locale `en-XA` [ours], for tests: every en-AU text accented and about 40 % longer, so a test sees at
 * once a word that skipped its catalogue (it stays plain) and a layout that cannot take longer words. `{name}`
 * parameters stay as they are.
 */
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
