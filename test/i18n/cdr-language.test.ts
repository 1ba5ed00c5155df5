// The Consumer Data Right wording: every data cluster and permission the journey and the bank page show is the
// standards' text byte for byte (test/fixtures/cdr-data-language.md holds the standards' rows as published), and both
// pages show it in English, marked lang="en", in every shipped locale, with the locale's help beside it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CDR_CLUSTERS } from '../../src/protocol/cdr-language.js';
import { LOCALES } from '../../src/protocol/locale.js';
import { BANK_WORDS } from '../../src/sandbox/banks/words.js';
import { CATALOGUES } from '../../src/sandbox/journey/browser/words/index.js';

/** A row of the standards' table: `|**cluster** marks|permission;<br>…|\`scope\`|`. */
function standardRows(): Map<string, { cluster: string; permissions: string[] }> {
  const rows = new Map<string, { cluster: string; permissions: string[] }>();
  for (const line of readFileSync('test/fixtures/cdr-data-language.md', 'utf8').split('\n')) {
    const m = /^\|\*\*(.+?)\*\*[^|]*\|(.+)\|`([^`]+)`\|$/.exec(line);
    if (!m) continue;
    // The standards' in-line help examples (`*(e.g. …)* &dagger;`) are theirs to offer, not permission language.
    const permissions = m[2]!.split('<br>').map((p) => p.replace(/\s*\*\(.*?\)\*\s*&dagger;$/, ''));
    rows.set(m[3]!, { cluster: m[1]!, permissions });
  }
  return rows;
}

describe('CDR data language', () => {
  it('every cluster and permission is the standards’ text, byte for byte', () => {
    const rows = standardRows();
    expect(rows.size).toBe(CDR_CLUSTERS.length);
    for (const c of CDR_CLUSTERS) {
      const row = rows.get(c.scope);
      expect(row, c.scope).toBeDefined();
      expect(Buffer.from(c.cluster)).toEqual(Buffer.from(row!.cluster));
      expect(c.permissions.map((p) => Buffer.from(p).toString('hex'))).toEqual(
        row!.permissions.map((p) => Buffer.from(p).toString('hex')),
      );
    }
  });

  it('every shipped locale has help for every cluster, in the journey and on the bank page, never the wording itself', () => {
    for (const locale of LOCALES) {
      for (const c of CDR_CLUSTERS) {
        const journey = CATALOGUES[locale][`cdr.${c.key}`];
        const bank = BANK_WORDS[locale][`cdr.${c.key}`];
        expect(journey, `${locale} journey cdr.${c.key}`).toBeTruthy();
        expect(bank, `${locale} bank cdr.${c.key}`).toBeTruthy();
        expect(journey).not.toContain(c.cluster);
      }
    }
  });
});
