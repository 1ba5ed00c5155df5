/**
 * Every shipped locale's journey catalogue (src/protocol/locale.ts lists the locales), for the tests and the docs.
 * The pages never import this: en-AU and the pseudo-locale are in their bundle and every other catalogue loads only
 * when chosen (i18n.ts).
 */
import type { Locale } from '../../../../protocol/locale.js';
import { everyLocale } from '../../../../protocol/pseudo.js';
import { WORDS as AR } from './ar.js';
import { EN_AU, type JourneyKey, type JourneyWords } from './en-AU.js';
import { WORDS as VI } from './vi.js';
import { WORDS as ZH_HANS } from './zh-Hans.js';
import { WORDS as ZH_HANT } from './zh-Hant.js';

export const CATALOGUES: Record<Locale, JourneyWords> = everyLocale<JourneyKey, JourneyWords>(EN_AU, {
  'zh-Hans': ZH_HANS,
  'zh-Hant': ZH_HANT,
  ar: AR,
  vi: VI,
});
