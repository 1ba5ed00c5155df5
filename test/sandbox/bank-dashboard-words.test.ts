// The sandbox bank's "manage data sharing" page speaks the customer's locale, over real HTTP: every word on it comes
// from the bank catalogue (in the pseudo-locale nothing but names, masked account numbers and what Intl formats is left
// unaccented), the date is formatted with Intl in the locale, and a stop returns to the page in the same locale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharingPeriodText } from '../../src/protocol/journey-copy.js';
import { approveConsent, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb?.close();
});

/** An authorised consent of `ref` at the sandbox bank, its accounts shared: its id, account ids and sharing end. */
async function authorised(ref: string) {
  await sb.request('POST', `/api/v1/acme-lending/${ref}/profile`, { bank_id: 'sandbox-bank', pathway: 'cdr' });
  const { consent_url } = (await sb.request('POST', `/api/v1/acme-lending/${ref}/consents`, {})).json;
  await approveConsent(sb.url, consent_url, 'approve');
  // The consent's accounts are shared once the crawl has run (crawlDelayMs after the approval): read them after it.
  await sb.waitForStatus('acme-lending', ref, 'crawled', 15_000);
  const id = new URL(consent_url).searchParams.get('consent_id')!;
  const { consents } = (await sb.request('GET', `/api/v1/acme-lending/${ref}/consents`)).json;
  const consent = consents.find((k: { consent_id: string }) => k.consent_id === id);
  return {
    id,
    accounts: consent.account_ids,
    until: new Date(consent.sharing_expires_at!),
    days: consent.sharing_days,
  };
}

/** The text a customer reads in the page's <body> (tags, the hidden fields' values and entities removed). */
const bodyText = (html: string) =>
  /<body>([\s\S]*)<\/body>/
    .exec(html)![1]!
    .replace(/<\/?(strong|bdi)>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/\s+/g, ' ')
    .trim();

/** The accounts the page lists, as the customer reads them. */
const listed = (html: string) =>
  [.../<ul class="accounts">([\s\S]*?)<\/ul>/.exec(html)![1]!.matchAll(/<li><bdi>([^<]*)<\/bdi><\/li>/g)].map(
    (m) => m[1]!,
  );

const dashboard = (id: string, locale: string) =>
  sb.raw('GET', `/bank/sandbox-bank/sharing?consent_id=${encodeURIComponent(id)}&locale=${locale}`);

describe("the bank's manage data sharing page", () => {
  it('en-AU: the catalogue words, the vendor and accounts by display name, the end date in Intl long form', async () => {
    const c = await authorised('dash_en');
    const res = await dashboard(c.id, 'en-AU');
    expect(res.status).toBe(200);
    const until = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'UTC' }).format(c.until);
    const text = bodyText(res.text);
    expect(text).toContain('Manage data sharing');
    expect(text).toContain('You share data from your Sandbox Bank accounts with Acme Lending.');
    expect(text).toContain(`Sharing until ${until}`);
    expect(text).toContain(sharingPeriodText(c.days, 'en-AU'));
    expect(text).toContain('Stop sharing');
    expect(res.text).toMatch(/<html lang="en-AU" dir="ltr">/);
    // Each shared account by its display name and masked number, never by its id.
    const accounts = listed(res.text);
    expect(accounts).toHaveLength(c.accounts.length);
    for (const name of accounts) expect(name).toMatch(/^\S.* ••\d{4}$/);
    for (const id of c.accounts) expect(accounts.join(' ')).not.toContain(id);
  });

  it('the pseudo-locale: no customer-visible word outside the catalogue (only names, masked numbers and Intl formats stay plain)', async () => {
    const c = await authorised('dash_xa');
    const res = await dashboard(c.id, 'en-XA');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<html lang="en-XA"/);
    const until = new Intl.DateTimeFormat('en-XA', { dateStyle: 'long', timeZone: 'UTC' }).format(c.until);
    const days = new Intl.NumberFormat('en-XA', { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(c.days);
    let rest = bodyText(res.text);
    for (const plain of ['Sandbox Bank', 'Acme Lending', until, days, ...listed(res.text)]) {
      expect(rest).toContain(plain);
      rest = rest.replaceAll(plain, '');
    }
    expect(rest).toContain('Máñágé');
    // An English word left in the page would keep a plain vowel; the pseudo-locale accents every one.
    expect(rest).not.toMatch(/[aeiouAEIOU]/);
    const title = /<title>([^<]*)<\/title>/.exec(res.text)![1]!.replace('Sandbox Bank', '');
    expect(title).not.toMatch(/[aeiou]/);
  });

  it("Stop sharing posts in the page's locale and returns to the page in it, the arrangement stopped", async () => {
    const c = await authorised('dash_stop');
    const page = (await dashboard(c.id, 'en-XA')).text;
    const action = /<form method="post" action="([^"]+)"/
      .exec(page)![1]!
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)![1]!;
    const stop = await sb.raw('POST', action, {
      body: new URLSearchParams({ consent_id: field('consent_id'), form_token: field('form_token') }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(stop.status).toBe(303);
    const back = stop.headers.get('location')!;
    expect(new URL(back, sb.url).searchParams.get('locale')).toBe('en-XA');
    const after = await sb.raw('GET', back);
    expect(after.text).toContain('data-status="revoked"');
    const status = /class="sharing-status"[^>]*>([^<]*)</.exec(after.text)![1]!;
    expect(status).toMatch(/^\[Šh/);
    expect(status).not.toMatch(/[aeiou]/);
    expect(after.text).not.toContain('name="form_token"');
  });
});
