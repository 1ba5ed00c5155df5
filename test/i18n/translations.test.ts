// The translated locales (every shipped locale but en-AU and the pseudo-locale, src/protocol/locale.ts): each of their
// catalogues — the widget's, the journey's, the sandbox bank pages' and the consent copy they share — has every en-AU
// key and no other, keeps every `{parameter}` of the English text, is written in its own script, and leaves no text in
// English: a text equal to en-AU's is allowed only for the keys SAME_AS_ENGLISH lists (a proper noun, shown as written
// in every locale). The two Chinese scripts are told apart: no Traditional character in zh-Hans, no Simplified one in
// zh-Hant.
import { describe, expect, it } from 'vitest';
import { CONSENT_COPY } from '../../src/protocol/journey-copy.js';
import { LOCALES, TRANSLATED_LOCALES, type TranslatedLocale } from '../../src/protocol/locale.js';
import { BANK_WORDS } from '../../src/sandbox/banks/words.js';
import { CATALOGUES } from '../../src/sandbox/journey/browser/words/index.js';
import { EN_AU as WIDGET_EN_AU, type WidgetCatalogue } from '../../src/widget/words/en-AU.js';

/** Keys whose text is the same in every language: the brand `myGov`. */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = { journey: ['mygov.mark'], widget: [], bank: [], copy: [] };

/**
 * Characters that differ between the two Chinese scripts, each pair Simplified then Traditional, among those the
 * catalogues use (们們 这這 为為 银銀 账帳 说說 请請 关關 开開 时時 过過 应應 设設 页頁 码碼 号號 载載 览覽 权權 录錄).
 */
const SIMPLIFIED_ONLY = /[们这为银账说请关开时过应设页码号载览权录]/u;
const TRADITIONAL_ONLY = /[們這為銀帳說請關開時過應設頁碼號載覽權錄]/u;

/** What each text must hold: a letter of the locale's own script (Vietnamese: a letter only its alphabet has). */
const SCRIPT: Record<TranslatedLocale, (text: string) => boolean> = {
  'zh-Hans': (t) => /\p{Script=Han}/u.test(t) && !TRADITIONAL_ONLY.test(t),
  'zh-Hant': (t) => /\p{Script=Han}/u.test(t) && !SIMPLIFIED_ONLY.test(t),
  ar: (t) => /\p{Script=Arabic}/u.test(t),
  vi: (t) => /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/iu.test(t),
};

/** Each locale's widget catalogue, from its file (src/widget/words/<locale>.ts): one per translated locale. */
const WIDGET = Object.fromEntries(
  await Promise.all(
    TRANSLATED_LOCALES.map(
      async (l) => [l, ((await import(`../../src/widget/words/${l}.ts`)) as { WORDS: WidgetCatalogue }).WORDS] as const,
    ),
  ),
) as Record<TranslatedLocale, WidgetCatalogue>;

const catalogues = (locale: TranslatedLocale) => ({
  widget: { en: WIDGET_EN_AU as Record<string, string>, it: WIDGET[locale] as Record<string, string> },
  journey: { en: CATALOGUES['en-AU'] as Record<string, string>, it: CATALOGUES[locale] as Record<string, string> },
  bank: { en: BANK_WORDS['en-AU'] as Record<string, string>, it: BANK_WORDS[locale] as Record<string, string> },
  copy: { en: CONSENT_COPY['en-AU'] as Record<string, string>, it: CONSENT_COPY[locale] as Record<string, string> },
});

const params = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe.each(TRANSLATED_LOCALES)('%s, translated in full', (locale) => {
  it('is a shipped locale, with a widget catalogue of its own', () => {
    expect(LOCALES).toContain(locale);
    expect(Object.keys(WIDGET[locale]).length).toBeGreaterThan(0);
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
    const foreign = Object.keys(words).filter((k) => !SCRIPT[locale](words[k]!) && !SAME_AS_ENGLISH[name]!.includes(k));
    expect(foreign).toEqual([]);
  });
});

describe('the list of texts allowed to equal English', () => {
  it('names only keys that exist and are the same in every translated locale (so it lists proper nouns only)', () => {
    for (const locale of TRANSLATED_LOCALES) {
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
