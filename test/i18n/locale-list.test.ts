// One list of locales (src/protocol/locale.ts LOCALES) and every consumer of it: each shipped locale has its widget
// catalogue (loaded by the widget's loader, a script part of the build), its journey catalogue (in the journey's
// records, a file of the build served by the sandbox when translated), its bank pages' and consent copy's words, its
// size budgets and its row in docs/widget.md — and is packed: the tarballs of dist/packages/ (`npm test`'s, packed once
// for its run; else packed here from dist/packages/, laid out by the build, so run `npm run build` first) hold the
// widget's part and the sandbox's journey-words file of every locale.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CATALOGUE_LOCALES, PART_WHEN, WIDGET_BUDGETS } from '../../bench/lib/budgets.mjs';
import { journeyCatalogues, scriptPartEntries } from '../../scripts/entries.mjs';
import { runTarballs, tarballContents } from '../../scripts/pack.mjs';
import { CONSENT_COPY, journeyWordsAsset } from '../../src/protocol/journey-copy.js';
import { DEFAULT_LOCALE, LAZY_LOCALES, LOCALES, PSEUDO_LOCALE, TRANSLATED_LOCALES } from '../../src/protocol/locale.js';
import { BANK_WORDS } from '../../src/sandbox/banks/words.js';
import { CATALOGUES } from '../../src/sandbox/journey/browser/words/index.js';
import { serveAsset } from '../../src/sandbox/journey/pages.js';
import { EN_AU as WIDGET_EN_AU } from '../../src/widget/words/en-AU.js';
import { loadWords } from '../../src/widget/words/load.js';

describe('the list', () => {
  it('en-AU first and complete, the pseudo-locale, and the translated ones; the derived lists agree', () => {
    expect(LOCALES[0]).toBe(DEFAULT_LOCALE);
    expect(LOCALES).toContain(PSEUDO_LOCALE);
    expect(LAZY_LOCALES).toEqual(LOCALES.filter((l) => l !== DEFAULT_LOCALE));
    expect(TRANSLATED_LOCALES).toEqual(LAZY_LOCALES.filter((l) => l !== PSEUDO_LOCALE));
    expect(new Set(LOCALES).size).toBe(LOCALES.length);
  });
});

describe.each(LOCALES)('%s reaches every consumer', (locale) => {
  const lazy = locale !== DEFAULT_LOCALE;
  const translated = lazy && locale !== PSEUDO_LOCALE;

  it("the widget: its loader loads the locale's words, the build makes its part, the budgets cover it", async () => {
    const { lang, words } = await loadWords(locale);
    expect(lang).toBe(locale);
    if (translated) expect(words.title).not.toBe(WIDGET_EN_AU.title);
    expect(scriptPartEntries[locale]).toBe(lazy ? `src/widget/words/${locale}.ts` : undefined);
    expect(CATALOGUE_LOCALES.includes(locale)).toBe(lazy);
    if (lazy) {
      expect(WIDGET_BUDGETS.partChunks[locale]).toBeGreaterThan(0);
      expect(WIDGET_BUDGETS.partScripts[locale]).toBeGreaterThan(0);
      expect(PART_WHEN[locale]).toContain(locale);
    }
  });

  it('the journey, the bank pages and the copy they share: a catalogue each', () => {
    expect(Object.keys(CATALOGUES[locale]).length).toBeGreaterThan(0);
    expect(Object.keys(BANK_WORDS[locale]).length).toBeGreaterThan(0);
    expect(Object.keys(CONSENT_COPY[locale]).length).toBeGreaterThan(0);
    // The translated ones are files of their own beside the journey's bundle, built and served by the sandbox.
    expect(journeyCatalogues[locale]).toBe(translated ? `src/sandbox/journey/browser/words/${locale}.ts` : undefined);
    if (translated) expect(serveAsset(journeyWordsAsset(locale))?.status).toBe(200);
  });

  it('the docs name it in the table of shipped locales', () => {
    expect(readFileSync('docs/widget.md', 'utf8')).toMatch(new RegExp(`^\\| \`${locale}\` \\|`, 'm'));
  });
});

describe('the packages', () => {
  it("hosted-journey packs every locale's part file; hosted-journey-sandbox every journey-words file", () => {
    // Packed into `work` only when the test runs without `npm test`'s tarballs.
    const work = mkdtempSync(path.join(tmpdir(), 'hj-locale-list-'));
    onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    const tarballs = runTarballs(work, { log: () => {}, assemble: false });
    const files = (name: string) => tarballContents(tarballs[name]!).map((f) => f.path);
    const widget = files('hosted-journey');
    const sandbox = files('hosted-journey-sandbox');
    for (const l of LAZY_LOCALES) expect(widget, l).toContain(`dist/hosted-journey.${l}.js`);
    for (const l of TRANSLATED_LOCALES) expect(sandbox, l).toContain(`dist/sandbox-assets/${journeyWordsAsset(l)}`);
    for (const asset of ['journey.js', 'bank-return.js', 'journey.css'])
      expect(sandbox).toContain(`dist/sandbox-assets/${asset}`);
  });
});
