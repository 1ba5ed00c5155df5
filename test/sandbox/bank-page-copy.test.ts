// Copy and look, the sandbox's half over real HTTP: the bank consent page says the journey's history
// period and the vendor's display name, and its CSS uses the journey's system-font stack. The journey's half is
// rendered in test/sandbox-pages/copy.test.tsx.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBankData } from '../../src/sandbox/data/generate.js';
import { consentCopy, HISTORY_DAYS, SYSTEM_FONT_STACK } from '../../src/protocol/journey-copy.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb?.close();
});

/** The HTML of a fresh consent's bank page, over HTTP. */
async function bankPage(ref: string): Promise<string> {
  await sb.request('POST', `/api/v1/acme/${ref}/profile`, { bank_id: 'sandbox-bank', pathway: 'cdr' });
  const { consent_url } = (await sb.request('POST', `/api/v1/acme/${ref}/consents`, {})).json;
  const res = await sb.raw('GET', new URL(consent_url).pathname + new URL(consent_url).search);
  expect(res.status).toBe(200);
  return res.text;
}

describe('the sandbox bank page', () => {
  it('names the vendor by its display name, as the journey does', async () => {
    const page = await bankPage('n_1');
    expect(page).toContain('<strong>Acme</strong> is asking to access data');
    expect(page).not.toMatch(/\(acme\)/);
  });

  it("says the journey's history period and duration, and the data holds that many days", async () => {
    const page = await bankPage('h_1');
    const copy = consentCopy('en-AU');
    expect(copy.period).toBe('Transactions from the last 90 days, read-only');
    expect(page).toContain(`${copy.period}. ${copy.duration}.`);
    expect(page).not.toMatch(/12 months/);
    const end = new Date('2026-11-22T00:00:00Z');
    const { period } = generateBankData({
      seed: 's',
      vendor: 'acme',
      ref: 'h_2',
      institutionId: 'sandbox-bank',
      endDate: end,
    });
    expect((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1).toBe(HISTORY_DAYS);
  });

  it("uses the journey's system-font stack (no serif fallback)", async () => {
    const css = (await sb.raw('GET', '/bank/sandbox-bank/bank.css')).text;
    expect(css).toContain(`font-family:${SYSTEM_FONT_STACK}`);
    expect(css).not.toMatch(/Georgia|Times|(?<!sans-)serif/);
    const journeyCss = readFileSync('src/sandbox/journey/browser/journey.css', 'utf8');
    expect(/--hj-font:\s*([^;]+);/.exec(journeyCss)![1]).toBe(SYSTEM_FONT_STACK);
  });
});
