/** The widget's catalogue in the pseudo-locale (src/protocol/pseudo.ts), a lazy part like every other locale's. */
import { pseudoCatalogue } from '../../protocol/pseudo.js';
import { EN_AU } from './en-AU.js';

export const WORDS = pseudoCatalogue(EN_AU);
