/**
 * The sandbox bank pages' catalogue (the consent page; `sharing.*` the dashboard), per locale (a missing key shows in
 * en-AU). A real bank's pages are the bank's: it words them in its own languages, whatever the journey's; the
 * sandbox's follow the journey's locale (the `locale` the journey adds to the consent URL, else the browser's
 * `Accept-Language`) so a test sees one language throughout. The data clusters and permissions are the standards'
 * English words in every locale (src/protocol/cdr-language.ts); `cdr.<key>` is the help beside them. The pages are
 * rendered on the server, so no catalogue here reaches a browser bundle: all are imported.
 */
import { DEFAULT_LOCALE, fill, type Locale } from '../../protocol/locale.js';
import { everyLocale } from '../../protocol/pseudo.js';
import { WORDS as AR } from './words/ar.js';
import { EN_AU, type BankKey, type BankWords } from './words/en-AU.js';
import { WORDS as VI } from './words/vi.js';
import { WORDS as ZH_HANS } from './words/zh-Hans.js';
import { WORDS as ZH_HANT } from './words/zh-Hant.js';

export type { BankKey };

export const BANK_WORDS: Record<Locale, BankWords> = everyLocale<BankKey, BankWords>(EN_AU, {
  'zh-Hans': ZH_HANS,
  'zh-Hant': ZH_HANT,
  ar: AR,
  vi: VI,
});

/** The words of `locale`: `w(key, params)`, a key it lacks in en-AU. */
export function bankWords(locale: Locale): (key: BankKey, params?: Record<string, string>) => string {
  return (key, params) => fill(BANK_WORDS[locale][key] ?? BANK_WORDS[DEFAULT_LOCALE][key]!, params);
}
