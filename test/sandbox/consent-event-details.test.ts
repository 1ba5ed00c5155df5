// What a lender's message about a consent needs, from the sandbox's events: the bank's display name, each shared
// account's display name (name and masked number, as the bank's page showed it) and the language the customer's
// journey negotiated — on consent.authorised, expiring, renewed (the renewal's language wins), revoked and expired;
// a consent made by the integrator's server and approved outside a journey has no locale. Then the institution
// lookup: getInstitution answers the name, the pathways and a logo URL that serves an SVG; an unknown id is a 404
// INSTITUTION_NOT_FOUND the client throws as an ApiError.
import { expect, it } from 'vitest';
import { isApiError, type HostedJourneyClient } from '../../src/server/index.js';
import { advanceClock, expireConsent, type TestSandbox } from '../../src/sandbox/testing/index.js';
import { approveConsent, loadJourneyPage, type WebhookReceiverHandle } from '../support/sandbox.js';
import { kitSandboxForFile } from '../support/kit-sandbox.js';

let sb: TestSandbox;
let client: HostedJourneyClient;
let hooks: WebhookReceiverHandle;
kitSandboxForFile((kit) => void ({ sb, hooks, client } = kit));

type Data = Record<string, unknown> & { accounts?: { account_id: string; display_name: string }[] };
const event = async (type: string, consentId: string): Promise<Data> =>
  (await hooks.next((h) => h.json.type === type && (h.json.data as Data).consent_id === consentId)).json.data as Data;

async function connectedThroughJourney(ref: string, locale: string) {
  const app = await client.startApplication({ vendor: 'acme', ref, full_name: 'Alex', email: 'alex@example.com' });
  await client.attachInstitution({ vendor: 'acme', ref, bank_id: 'sandbox-bank', pathway: 'cdr' });
  const page = await loadJourneyPage(sb.url, 'acme', ref);
  const res = await page.call('POST', 'consent', { locale });
  expect(res.status).toBe(201);
  await approveConsent(sb.url, res.json.consent_url, 'approve');
  await sb.waitForWebhook({ type: 'crawl.completed', applicationId: app.application_id });
  const [consent] = (await client.listConsents({ vendor: 'acme', ref })).consents;
  return { consent: consent!, page };
}

it("names the bank, the shared accounts and the customer's language through the consent's year", async () => {
  const { consent, page } = await connectedThroughJourney('ced_year', 'vi-VN');
  const id = consent.consent_id;
  const authorised = await event('consent.authorised', id);
  expect(authorised).toMatchObject({ institution_id: 'sandbox-bank', institution_name: 'Sandbox Bank', locale: 'vi' });

  await advanceClock(sb, '336d');
  const expiring = await event('consent.expiring', id);
  expect(expiring).toMatchObject({ institution_name: 'Sandbox Bank', locale: 'vi', days_left: 30 });
  expect(expiring.accounts!.map((a) => a.account_id)).toEqual(consent.account_ids);
  for (const a of expiring.accounts!) expect(a.display_name).toMatch(/^[A-Z][\w ]+ ••\d{4}$/);
  // The names are the ones the journey shows the customer (renew mode; the bank's page the same).
  const shown = (await page.call('GET', `renewals/${id}`)).json.accounts as { account_id: string; label: string }[];
  expect(expiring.accounts).toEqual(shown.map((a) => ({ account_id: a.account_id, display_name: a.label })));

  // A renewal in another language: the customer's latest choice is the one to write in.
  const renewal = await page.call('POST', `renewals/${id}/start`, { locale: 'zh-CN' });
  await approveConsent(sb.url, renewal.json.consent_url, 'approve');
  const renewed = await event('consent.renewed', id);
  expect(renewed).toMatchObject({ institution_name: 'Sandbox Bank', locale: 'zh-Hans', accounts: expiring.accounts });
  const [after] = (await client.listConsents({ vendor: 'acme', ref: 'ced_year' })).consents;
  expect(renewed.sharing_expires_at).toBe(after!.sharing_expires_at);

  await client.revokeConsent({ vendor: 'acme', ref: 'ced_year', consent_id: id });
  const revoked = await event('consent.revoked', id);
  expect(revoked).toMatchObject({ revoked_by: 'integrator', institution_name: 'Sandbox Bank', locale: 'zh-Hans' });
  expect(revoked.accounts).toEqual(expiring.accounts);
});

it('a consent approved outside a journey has no locale; a language the journey does not ship is not kept', async () => {
  const ref = 'ced_server';
  const app = await client.startApplication({ vendor: 'acme', ref, full_name: 'Alex', email: 'alex@example.com' });
  await client.attachInstitution({ vendor: 'acme', ref, bank_id: 'sandbox-bank', pathway: 'cdr' });
  const { consent_url, consent_id } = await client.createConsent({ vendor: 'acme', ref });
  await approveConsent(sb.url, consent_url, 'approve');
  await sb.waitForWebhook({ type: 'crawl.completed', applicationId: app.application_id });
  await expireConsent(sb, consent_id);
  const expired = await event('consent.expired', consent_id);
  expect(expired).toMatchObject({ institution_name: 'Sandbox Bank', sharing_expires_at: expect.any(String) });
  expect(expired.accounts!.length).toBeGreaterThan(0);
  expect(expired).not.toHaveProperty('locale');

  const other = await connectedThroughJourney('ced_klingon', 'tlh');
  expect(await event('consent.authorised', other.consent.consent_id)).not.toHaveProperty('locale');
});

it('getInstitution: the display name, pathways and a logo URL that serves an SVG; an unknown id is a 404', async () => {
  const bank = await client.getInstitution({ id: 'sandbox-bank' });
  expect(bank).toEqual({
    id: 'sandbox-bank',
    name: 'Sandbox Bank',
    logo_url: `${sb.url}/bank/sandbox-bank/logo.svg`,
    pathways: ['cdr', 'crawler'],
  });
  const logo = await fetch(bank.logo_url);
  expect(logo.status).toBe(200);
  expect(logo.headers.get('content-type')).toBe('image/svg+xml');
  expect(await logo.text()).toMatch(/^<svg [^>]*aria-label="Sandbox Bank"/);

  const unknown = await client.getInstitution({ id: 'no-such-bank' }).catch((e: unknown) => e);
  expect(isApiError(unknown) && unknown.status === 404 && unknown.code === 'INSTITUTION_NOT_FOUND').toBe(true);
  // Signed like every call: an unsigned request is refused.
  expect((await fetch(`${sb.url}/api/v1/institutions/sandbox-bank`)).status).toBe(401);
});
