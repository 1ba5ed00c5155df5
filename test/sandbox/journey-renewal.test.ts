// The journey API's renew mode, as the journey page calls it: the consent shown pre-selected (bank, accounts,
// period), a renewal taken to the bank and approved moves the same consent's date and keeps its accounts, a renewal
// the customer leaves (cancel) or denies leaves the consent byte-for-byte as it was, and while one waits the consent
// stays live and data can be pulled. Another customer's consent, and a revoked one, are refused.
import { describe, expect, it } from 'vitest';
import type { HostedJourneyClient } from '../../src/server/index.js';
import { triggerJourney } from '../../src/sandbox/testing/index.js';
import { approveConsent, loadJourneyPage, type WebhookReceiverHandle } from '../support/sandbox.js';
import { kitSandboxForFile } from '../support/kit-sandbox.js';
import type { TestSandbox } from '../../src/sandbox/testing/index.js';

let sb: TestSandbox;
let client: HostedJourneyClient;
let hooks: WebhookReceiverHandle;
kitSandboxForFile((kit) => void ({ sb, hooks, client } = kit));

async function connected(ref: string) {
  await triggerJourney(sb, { vendor: 'acme', ref });
  const consents = async () => JSON.stringify((await client.listConsents({ vendor: 'acme', ref })).consents);
  const [consent] = (await client.listConsents({ vendor: 'acme', ref })).consents;
  return { consent: consent!, consents, page: await loadJourneyPage(sb.url, 'acme', ref) };
}

describe('journey API renew mode', () => {
  it('shows the consent pre-selected: its bank, each shared account, its period and date', async () => {
    const { consent, page } = await connected('jr_show');
    const res = await page.call('GET', `renewals/${consent.consent_id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      consent_id: consent.consent_id,
      application_id: consent.application_id,
      status: 'active',
      renewable: true,
      institution: { id: consent.institution_id, name: expect.any(String) },
      sharing_days: consent.sharing_days,
      sharing_expires_at: consent.sharing_expires_at,
      max_sharing_days: 365,
    });
    expect(res.json.accounts.map((a: { account_id: string }) => a.account_id)).toEqual(consent.account_ids);
    for (const a of res.json.accounts) expect(a.label).toMatch(/••\d{4}$/);
  });

  it('approved: the same consent, a new date for the period chosen, the same accounts', async () => {
    const { consent, page } = await connected('jr_approve');
    const res = await page.call('POST', `renewals/${consent.consent_id}/start`, { sharing_days: 90 });
    expect(res.status).toBe(201);
    expect(res.json.consent_id).not.toBe(consent.consent_id);
    await approveConsent(sb.url, res.json.consent_url, 'approve');
    const [after] = (await client.listConsents({ vendor: 'acme', ref: 'jr_approve' })).consents;
    expect(after).toMatchObject({
      consent_id: consent.consent_id,
      status: 'active',
      sharing_days: 90,
      account_ids: consent.account_ids,
    });
    expect(after).not.toHaveProperty('renewal');
    const back = await page.call('GET', `consents/${res.json.consent_id}`);
    expect(back.json.status).toBe('authorised');
  });

  it('waiting at the bank the consent stays live and data can be pulled; the customer leaving puts it back byte-for-byte', async () => {
    const { consent, consents, page } = await connected('jr_cancel');
    const before = await consents();
    const res = await page.call('POST', `renewals/${consent.consent_id}/start`, {});
    const [waiting] = (await client.listConsents({ vendor: 'acme', ref: 'jr_cancel' })).consents;
    expect(waiting?.status).toBe('active');
    await expect(client.finalise({ vendor: 'acme', ref: 'jr_cancel' })).resolves.toBeDefined();
    const cancelled = await page.call('POST', `renewals/${consent.consent_id}/cancel`, {});
    expect(cancelled.json).toEqual({ cancelled: true });
    expect(await consents()).toBe(before);
    expect((await page.call('POST', `renewals/${consent.consent_id}/cancel`, {})).json).toEqual({ cancelled: false });
    // The bank no longer takes the cancelled request; the integrator heard it ended.
    expect((await page.call('GET', `consents/${res.json.consent_id}`)).json.status).toBe('denied');
    const deniedHook = () =>
      hooks.received.find(
        (h) =>
          h.json.type === 'consent.denied' &&
          (h.json.data as { consent_id: string }).consent_id === res.json.consent_id,
      )?.json.data;
    await expect.poll(deniedHook).toEqual({
      consent_id: res.json.consent_id,
      institution_id: consent.institution_id,
      institution_name: 'Sandbox Bank',
      renews: consent.consent_id,
    });
  });

  it('denied at the bank: the consent byte-for-byte as before', async () => {
    const { consent, consents, page } = await connected('jr_deny');
    const before = await consents();
    const res = await page.call('POST', `renewals/${consent.consent_id}/start`, {});
    await approveConsent(sb.url, res.json.consent_url, 'deny');
    expect(await consents()).toBe(before);
  });

  it("another customer's consent is 404; a revoked one shows as not renewable and a renewal is 409", async () => {
    const { consent } = await connected('jr_owner');
    const other = await loadJourneyPage(sb.url, 'acme', 'jr_other');
    expect((await other.call('GET', `renewals/${consent.consent_id}`)).status).toBe(404);
    expect((await other.call('POST', `renewals/${consent.consent_id}/start`, {})).status).toBe(404);
    await client.revokeConsent({ vendor: 'acme', ref: 'jr_owner', consent_id: consent.consent_id });
    const page = await loadJourneyPage(sb.url, 'acme', 'jr_owner');
    expect((await page.call('GET', `renewals/${consent.consent_id}`)).json).toMatchObject({
      status: 'revoked',
      renewable: false,
    });
    const refused = await page.call('POST', `renewals/${consent.consent_id}/start`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('CONSENT_NOT_ACTIVE');
  });

  it('a period outside 1–365 days is refused before anything is created', async () => {
    const { consent, consents, page } = await connected('jr_days');
    const before = await consents();
    for (const sharing_days of [0, 366, 1.5]) {
      const res = await page.call('POST', `renewals/${consent.consent_id}/start`, { sharing_days });
      expect(res.status).toBe(422);
    }
    expect(await consents()).toBe(before);
  });
});
