/**
 * The consent's year in Chromium against the real sandbox: a renewal from the widget in renew mode (`renewConsent`)
 * keeps the consent and its account ids and moves its date, with no status outside active/expiring while it runs and
 * data pulls working meanwhile — by popup and by redirect (the tab to the bank and back, resume()); a renewal the customer denies, or leaves, changes the consent not by one byte; a
 * customer who stops sharing on the bank's dashboard reaches the integrator's webhook handler, and the next data pull
 * is refused with ConsentInactiveError. Needs `node scripts/build.mjs` first.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import {
  ConsentInactiveError,
  createClient,
  createWebhookHandler,
  toNodeHandler,
  type HostedJourneyClient,
} from '../../src/server/index.js';
import { advanceClock, triggerJourney } from '../../src/sandbox/testing/index.js';
import { events, journeyFrame, startRoundTrip, type RoundTrip } from './setup.js';

let rt: RoundTrip;
let client: HostedJourneyClient;
test.beforeAll(async () => {
  rt = await startRoundTrip();
  const { tokenId, secret } = rt.sandbox.token;
  client = createClient({ baseUrl: rt.sandbox.url, tokenId, signingSecret: secret });
});
test.afterAll(async () => {
  await rt?.close();
});
test.describe.configure({ timeout: 90_000 });

const consentsOf = async (ref: string) => (await client.listConsents({ vendor: 'acme', ref })).consents;

/** A customer whose Sandbox Bank consent is authorised and its data retrieved; answers the consent. */
async function connected(ref: string) {
  await triggerJourney(rt.sandbox, { vendor: 'acme', ref });
  const [consent] = await consentsOf(ref);
  expect(consent).toMatchObject({ status: 'active' });
  expect(consent!.account_ids.length).toBeGreaterThan(0);
  return consent!;
}

/** Every status the consent reads while `run` goes on, polled as an integrator's server would. */
async function watchStatuses<T>(ref: string, run: () => Promise<T>): Promise<{ result: T; seen: Set<string> }> {
  const seen = new Set<string>();
  let running = true;
  const watcher = (async () => {
    while (running) {
      for (const c of await consentsOf(ref)) seen.add(c.status);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    return { result: await run(), seen };
  } finally {
    running = false;
    await watcher;
  }
}

/** The renew step, shown pre-selected, then the bank's page in a popup. */
async function toBank(page: Page, ref: string, consentId: string) {
  await page.goto(`${rt.page(ref)}&renew=${consentId}`);
  const frame = journeyFrame(page);
  await expect(frame.getByRole('heading', { name: 'Keep sharing your Sandbox Bank data' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continue', exact: true }).click();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    frame.getByRole('button', { name: 'Continue to Sandbox Bank' }).click(),
  ]);
  return popup;
}

test('renew mode: the consent pre-selected; approved → same consent and account ids, a later date; only active/expiring seen, data pulled meanwhile', async ({
  page,
}) => {
  const ref = 'renew_ok';
  const consent = await connected(ref);
  await advanceClock(rt.sandbox.url, '340d'); // inside the 30-day warning: expiring
  const [before] = await consentsOf(ref);
  expect(before?.status).toBe('expiring');

  const { seen } = await watchStatuses(ref, async () => {
    await page.goto(`${rt.page(ref)}&renew=${consent.consent_id}`);
    const frame = journeyFrame(page);
    await expect(frame.getByRole('heading', { name: 'Keep sharing your Sandbox Bank data' })).toBeVisible();
    const shown = await frame.locator('[data-account-id]').evaluateAll((li) => li.map((e) => e.dataset.accountId));
    expect(shown).toEqual(consent.account_ids);
    await expect(frame.getByLabel('Share for')).toHaveValue(String(consent.sharing_days));
    await frame.getByRole('button', { name: 'Continue', exact: true }).click();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      frame.getByRole('button', { name: 'Continue to Sandbox Bank' }).click(),
    ]);
    // The customer is at the bank: the consent still works.
    await expect(client.finalise({ vendor: 'acme', ref })).resolves.toBeDefined();
    await popup.getByRole('button', { name: 'Approve' }).click();
    await popup.waitForEvent('close');
    await expect(frame.getByRole('heading', { name: 'Data sharing renewed' })).toBeVisible({ timeout: 20_000 });
  });
  expect([...seen].sort()).toEqual(['active', 'expiring']);

  const [after] = await consentsOf(ref);
  expect(after).toMatchObject({ consent_id: consent.consent_id, status: 'active', account_ids: consent.account_ids });
  const moved = Date.parse(after!.sharing_expires_at!) - Date.parse(before!.sharing_expires_at!);
  expect(moved).toBeGreaterThanOrEqual(340 * 86_400_000);
  const completed = (await events(page)).filter(([k]) => k === 'completed');
  // onComplete names the consent renewed and its new end of sharing: "You're sharing until …" needs nothing more.
  expect(completed).toEqual([
    [
      'completed',
      expect.objectContaining({
        applicationId: consent.application_id,
        consentId: consent.consent_id,
        sharingExpiresAt: after!.sharing_expires_at,
      }),
    ],
  ]);
});

test('renew mode: denied at the bank, then left after closing the bank window — the consent byte-for-byte as before', async ({
  page,
}) => {
  const ref = 'renew_cancel';
  const consent = await connected(ref);
  const before = JSON.stringify(await consentsOf(ref));

  const denied = await toBank(page, ref, consent.consent_id);
  await denied.getByRole('button', { name: 'Deny' }).click();
  const frame = journeyFrame(page);
  await expect(frame.getByRole('heading', { name: 'Renewal not approved' })).toBeVisible({ timeout: 20_000 });
  expect(JSON.stringify(await consentsOf(ref))).toBe(before);

  // Again, and this time the customer closes the bank's window and leaves the journey.
  await frame.getByRole('button', { name: 'Try again' }).click();
  await frame.getByRole('button', { name: 'Continue', exact: true }).click();
  const [closed] = await Promise.all([
    page.waitForEvent('popup'),
    frame.getByRole('button', { name: 'Continue to Sandbox Bank' }).click(),
  ]);
  await closed.close();
  await expect(frame.getByText('window closed before access was approved')).toBeVisible({ timeout: 20_000 });
  expect(JSON.stringify(await consentsOf(ref))).not.toBe(before); // a renewal waits beside it
  await frame.getByRole('button', { name: 'Exit' }).click();
  await expect(frame.getByRole('heading', { name: 'You have left the application' })).toBeVisible();
  await expect.poll(async () => JSON.stringify(await consentsOf(ref))).toBe(before);
  expect((await events(page)).some(([k]) => k === 'exit')).toBe(true);
});

test("the bank's dashboard: Stop sharing → consent.revoked (data_holder) in the integrator's handler; the next data pull throws ConsentInactiveError", async ({
  page,
}) => {
  const revoked: unknown[] = [];
  const handler = createWebhookHandler({
    verify: { keys: [rt.sandbox.token] }, // deliveries are signed with the token's secret
    on: { 'consent.revoked': (e) => void revoked.push(e.data) },
  });
  const server: Server = createServer(toNodeHandler(handler));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await client.registerWebhook({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks` });
    const ref = 'renew_revoked';
    const consent = await connected(ref);
    await page.goto(`${rt.sandbox.url}/bank/${consent.institution_id}/sharing?consent_id=${consent.consent_id}`);
    await expect(page.getByRole('heading', { name: 'Manage data sharing' })).toBeVisible();
    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(page.locator('.sharing-status')).toHaveAttribute('data-status', 'revoked');
    await expect
      .poll(() => revoked)
      .toEqual([
        {
          consent_id: consent.consent_id,
          institution_id: consent.institution_id,
          institution_name: 'Sandbox Bank',
          revoked_by: 'data_holder',
          accounts: consent.account_ids.map((account_id) => ({ account_id, display_name: expect.any(String) })),
          locale: 'en-AU', // triggerJourney's consent call names the language as the journey does (its default)
        },
      ]);
    const refused = await client.finalise({ vendor: 'acme', ref }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConsentInactiveError);
    expect(refused).toMatchObject({ consentId: consent.consent_id, consentStatus: 'revoked', code: 'CONSENT_REVOKED' });
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('renew mode by redirect (no popup): the tab goes to the bank and back, resume() ends renewed — same consent and account ids, a later date', async ({
  page,
}) => {
  const ref = 'renew_redirect';
  const consent = await connected(ref);
  await advanceClock(rt.sandbox.url, '340d');
  const [before] = await consentsOf(ref);
  expect(before?.status).toBe('expiring');

  const start = `${rt.page(ref, 'redirect')}&renew=${consent.consent_id}`;
  let popups = 0;
  page.on('popup', () => popups++);
  const { seen } = await watchStatuses(ref, async () => {
    await page.goto(start);
    const frame = journeyFrame(page);
    await expect(frame.getByRole('heading', { name: 'Keep sharing your Sandbox Bank data' })).toBeVisible();
    await frame.getByRole('button', { name: 'Continue', exact: true }).click();
    await frame.getByRole('button', { name: 'Continue to Sandbox Bank' }).click();
    await expect(page).toHaveURL(new RegExp(`^${rt.sandbox.url}/bank/sandbox-bank/authorise`));
    // The customer is at the bank in this very tab: the consent still works.
    await expect(client.finalise({ vendor: 'acme', ref })).resolves.toBeDefined();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(start);
    await expect(journeyFrame(page).getByRole('heading', { name: 'Data sharing renewed' })).toBeVisible({
      timeout: 20_000,
    });
  });
  expect(await page.evaluate(() => (window as unknown as { __resumed: boolean }).__resumed)).toBe(true);
  expect(popups).toBe(0);
  expect([...seen].sort()).toEqual(['active', 'expiring']);
  const [after] = await consentsOf(ref);
  expect(after).toMatchObject({ consent_id: consent.consent_id, status: 'active', account_ids: consent.account_ids });
  const moved = Date.parse(after!.sharing_expires_at!) - Date.parse(before!.sharing_expires_at!);
  expect(moved).toBeGreaterThanOrEqual(340 * 86_400_000);
  const phases = (await events(page)).filter(([k]) => k === 'bank').map(([, e]) => e);
  expect(phases).toEqual([expect.objectContaining({ phase: 'completed', strategy: 'redirect', status: 'authorised' })]);
});

test('renew mode by redirect: denied at the bank → back and resumed to "Renewal not approved", the consent byte-for-byte as before', async ({
  page,
}) => {
  const ref = 'renew_redirect_deny';
  const consent = await connected(ref);
  const before = JSON.stringify(await consentsOf(ref));
  const start = `${rt.page(ref, 'redirect')}&renew=${consent.consent_id}`;
  await page.goto(start);
  const frame = journeyFrame(page);
  await frame.getByRole('button', { name: 'Continue', exact: true }).click();
  await frame.getByRole('button', { name: 'Continue to Sandbox Bank' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(start);
  await expect(journeyFrame(page).getByRole('heading', { name: 'Renewal not approved' })).toBeVisible({
    timeout: 20_000,
  });
  expect(JSON.stringify(await consentsOf(ref))).toBe(before);
});
