/** Every shipped locale's journey catalogue (src/protocol/locale.ts lists the locales). */
import type { Locale } from '../../../../protocol/locale.js';
import { pseudoCatalogue } from '../../../../protocol/pseudo.js';
import { EN_AU, type JourneyWords } from './en-AU.js';

export const CATALOGUES: Record<Locale, JourneyWords> = {
  'en-AU': EN_AU,
  'en-XA': pseudoCatalogue(EN_AU),
};
