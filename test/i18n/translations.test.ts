// The translated locales, zh-Hans, ar and vi: each of their catalogues — the widget's, the journey's, the sandbox bank
// pages' and the consent copy the journey and the bank page share — has every en-AU key and no other, keeps every
// `{parameter}` of the English text, is written in its own script, and leaves no text in English: a text equal to
// en-AU's is allowed only for the keys SAME_AS_ENGLISH lists (a proper noun, shown as written in every locale).
import { describe, expect, it } from 'vitest';
import { CONSENT_COPY } from '../../src/protocol/journey-copy.js';
import { LOCALES } from '../../src/protocol/locale.js';
import { BANK_WORDS } from '../../src/sandbox/banks/words.js';
import { CATALOGUES } from '../../src/sandbox/journey/browser/words/index.js';
import { WORDS as WIDGET_AR } from '../../src/widget/words/ar.js';
import { EN_AU as WIDGET_EN_AU } from '../../src/widget/words/en-AU.js';
import { WORDS as WIDGET_VI } from '../../src/widget/words/vi.js';
import { WORDS as WIDGET_ZH_HANS } from '../../src/widget/words/zh-Hans.js';

const TRANSLATED = ['zh-Hans', 'ar', 'vi'] as const;

/** Keys whose text is the same in every language: the brand `myGov`. */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = { journey: ['mygov.mark'], widget: [], bank: [], copy: [] };

/** A letter of the locale's own script each text must hold (Vietnamese: a letter only Vietnamese's alphabet has). */
const SCRIPT: Record<(typeof TRANSLATED)[number], RegExp> = {
  'zh-Hans': /\p{Script=Han}/u,
  ar: /\p{Script=Arabic}/u,
  vi: /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/iu,
};

const WIDGET = { 'zh-Hans': WIDGET_ZH_HANS, ar: WIDGET_AR, vi: WIDGET_VI };

const catalogues = (locale: (typeof TRANSLATED)[number]) => ({
  widget: { en: WIDGET_EN_AU as Record<string, string>, it: WIDGET[locale] as Record<string, string> },
  journey: { en: CATALOGUES['en-AU'] as Record<string, string>, it: CATALOGUES[locale] as Record<string, string> },
  bank: { en: BANK_WORDS['en-AU'] as Record<string, string>, it: BANK_WORDS[locale] as Record<string, string> },
  copy: { en: CONSENT_COPY['en-AU'] as Record<string, string>, it: CONSENT_COPY[locale] as Record<string, string> },
});

const params = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe.each(TRANSLATED)('%s, translated in full', (locale) => {
  it('is a shipped locale', () => {
    expect(LOCALES).toContain(locale);
  });

  it.each(['widget', 'journey', 'bank', 'copy'] as const)(
    'the %s catalogue has every en-AU key and no other',
    (name) => {
      const { en, it: words } = catalogues(locale)[name];
      expect(Object.keys(words).sort()).toEqual(Object.keys(en).sort());
    },
  );

  it.each(['widget', 'journey', 'bank', 'copy'] as const)('the %s catalogue keeps every {parameter}', (name) => {
    const { en, it: words } = catalogues(locale)[name];
    const changed = Object.keys(en).filter(
      (k) => words[k] !== undefined && params(words[k]!).join() !== params(en[k]!).join(),
    );
    expect(changed).toEqual([]);
  });

  it.each(['widget', 'journey', 'bank', 'copy'] as const)('the %s catalogue leaves nothing in English', (name) => {
    const { en, it: words } = catalogues(locale)[name];
    const same = Object.keys(en).filter((k) => words[k] === en[k] && !SAME_AS_ENGLISH[name]!.includes(k));
    expect(same).toEqual([]);
    const foreign = Object.keys(words).filter(
      (k) => !SCRIPT[locale].test(words[k]!) && !SAME_AS_ENGLISH[name]!.includes(k),
    );
    expect(foreign).toEqual([]);
  });
});

describe('the list of texts allowed to equal English', () => {
  it('names only keys that exist and are the same in every translated locale (so it lists proper nouns only)', () => {
    for (const locale of TRANSLATED) {
      const all = catalogues(locale);
      for (const [name, keys] of Object.entries(SAME_AS_ENGLISH)) {
        for (const key of keys) {
          const { en, it: words } = all[name as keyof typeof all];
          expect(en[key], `${name} ${key}`).toBeDefined();
          expect(words[key], `${locale} ${name} ${key}`).toBe(en[key]);
        }
      }
    }
  });
});
