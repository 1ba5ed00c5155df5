// @vitest-environment happy-dom
// A locale no shipped locale matches (`fr`, `de-CH`) gives the journey in the browser's language or en-AU, never an
// error: so the developer is told, once per journey, in the console, naming the shipped locales. A shipped one (`vi`,
// `zh-TW` → zh-Hant) and English say nothing. The option and the page's <html lang> are both carried, so both count.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../src/protocol/locale.js';
import { createJourney } from '../../src/widget/index.js';

const base = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com' } as const;

/** Mounts an inline journey (the frame's part loads for a non-English one) and returns the warnings it gave. */
async function warningsFor(options: object): Promise<string[]> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const container = document.createElement('div');
  document.body.append(container);
  const journey = createJourney({ ...base, container, ...options });
  journey.open();
  // The part loads with import(), and its catalogue after it: wait for the frame's name to change, or a beat.
  await import('../../src/widget/error-view.js');
  await new Promise((r) => setTimeout(r, 50));
  journey.destroy();
  const said = warn.mock.calls.map((c) => String(c[0]));
  warn.mockRestore();
  return said.filter((w) => w.includes('is not shipped'));
}

afterEach(() => {
  document.documentElement.lang = '';
  document.body.replaceChildren();
});

describe('a carried locale that is not shipped', () => {
  it('fr: one warning naming it and every shipped locale', async () => {
    const said = await warningsFor({ locale: 'fr' });
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^hosted-journey: locale 'fr' is not shipped/);
    expect(said[0]).toContain(`Shipped: ${LOCALES.join(', ')}.`);
    expect(LOCALES).toContain('zh-Hant');
  });

  it('the page’s <html lang> counts as carried', async () => {
    document.documentElement.lang = 'de-CH';
    expect(await warningsFor({})).toEqual([expect.stringMatching(/locale 'de-CH' is not shipped/)]);
  });

  it('shipped locales, zh-TW (→ zh-Hant), English and the pseudo-locale: no warning', async () => {
    for (const locale of ['vi', 'zh-TW', 'zh-HK', 'ar-EG', 'en-US', 'en-XA'])
      expect(await warningsFor({ locale }), locale).toEqual([]);
  });
});

describe('the locale option’s type', () => {
  it('offers the shipped locales and still takes any tag', () => {
    type LocaleOption = NonNullable<Parameters<typeof createJourney>[0]['locale']>;
    const shipped: LocaleOption = 'zh-Hant';
    const any: LocaleOption = 'fr-CA';
    expect([shipped, any]).toEqual(['zh-Hant', 'fr-CA']);
  });
});
