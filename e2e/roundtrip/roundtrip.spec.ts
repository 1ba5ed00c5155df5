/**
 * The bank-authorisation round trip in Chromium against the real sandbox: popup (approve, deny, closed by the customer),
 * blocked popup → redirect → bank → resume() → done, the redirect strategy on its own, stale/foreign saved state,
 * and no open redirect through the bank-return page.
 */
import { expect, test } from '@playwright/test';
import {
  bankPhases,
  blockPopups,
  events,
  journeyFrame,
  startRoundTrip,
  toBankButton,
  type RoundTrip,
} from './setup.js';
import { stamped } from '../support/stamped.js';

let rt: RoundTrip;
test.beforeAll(async () => {
  rt = await startRoundTrip();
});
test.afterAll(async () => {
  await rt?.close();
});

const DONE = 'You’re all done';
const status = async (ref: string) =>
  (await (await rt.sandbox.journey('acme', ref)).call('GET', 'status')).json?.status as string;

test('popup: approve → the popup closes itself, the journey completes', async ({ page }) => {
  await page.goto(rt.page('pop_ok'));
  await toBankButton(page);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' }).click(),
  ]);
  await popup.getByRole('button', { name: 'Approve' }).click();
  await popup.waitForEvent('close'); // bank-return posted to its opener (the sandboxed iframe) and closed
  await expect(journeyFrame(page).getByRole('heading', { name: DONE })).toBeVisible({ timeout: 20_000 });
  const consentId = (await bankPhases(page))[0].consentId as string;
  expect(consentId).toMatch(/^cns_/);
  expect(await bankPhases(page)).toEqual([
    stamped({ phase: 'requested', strategy: 'popup', consentId, popup: 'opened' }),
    stamped({ phase: 'opened', strategy: 'popup', consentId }),
    stamped({ phase: 'completed', strategy: 'popup', status: 'authorised' }),
  ]);
  expect((await events(page)).some(([k]) => k === 'completed')).toBe(true);
  expect(page.url()).toBe(rt.page('pop_ok')); // the integrator's page never left
});

test('popup: deny → the journey shows the denial with a retry', async ({ page }) => {
  await page.goto(rt.page('pop_deny'));
  await toBankButton(page);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' }).click(),
  ]);
  await popup.getByRole('button', { name: 'Deny' }).click();
  await expect(journeyFrame(page).getByRole('heading', { name: 'Access was not approved' })).toBeVisible();
  await expect
    .poll(async () => (await bankPhases(page)).at(-1))
    .toEqual(stamped({ phase: 'completed', strategy: 'popup', status: 'denied' }));
});

test('popup: the customer closes it → status closed; the journey offers to reopen', async ({ page }) => {
  await page.goto(rt.page('pop_closed'));
  await toBankButton(page);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' }).click(),
  ]);
  await popup.close();
  await expect(journeyFrame(page).getByText('window closed before access was approved')).toBeVisible();
  await expect
    .poll(async () => (await bankPhases(page)).at(-1))
    .toEqual(stamped({ phase: 'completed', strategy: 'popup', status: 'closed' }));
  await expect(journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' })).toBeVisible();
  expect(await status('pop_closed')).toBe('consent_pending');
});

test('popup blocked → redirect to the bank → back to the integrator → resume() → journey completes', async ({
  page,
}) => {
  await blockPopups(page, rt.sandbox.url);
  const start = rt.page('blocked');
  await page.goto(start);
  await toBankButton(page);
  const channel = await page.evaluate(() => (window as any).__journey.channel);
  // The widget takes the page to the journey origin's bank-redirect endpoint, which 302s to the consent's bank page.
  const hops: string[] = [];
  page.on('request', (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && hops.push(r.url()));
  await journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' }).click();
  await expect(page).toHaveURL(new RegExp(`^${rt.sandbox.url}/bank/cdr-only-bank/authorise`)); // the whole page went
  expect(hops[0]).toMatch(new RegExp(`^${rt.sandbox.url}/bank-redirect/acme/blocked/cns_[0-9a-f]+$`));
  // The saved state is in the integrator origin's sessionStorage, without the customer's details.
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(start); // back on the integrator page, hj_ parameters already removed
  expect(await page.evaluate(() => (window as any).__resumed)).toBe(true);
  expect(await page.evaluate((c) => sessionStorage.getItem(`hosted-journey:resume:${c}`), channel)).toBeNull();
  await expect(journeyFrame(page).getByRole('heading', { name: DONE })).toBeVisible({ timeout: 20_000 });
  expect(await bankPhases(page)).toEqual([stamped({ phase: 'completed', strategy: 'popup', status: 'authorised' })]);
  expect((await events(page)).find(([k]) => k === 'completed')?.[1].applicationId).toMatch(/.+/);
  expect(['crawled', 'finalised', 'report_ready']).toContain(await status('blocked'));
});

test('blocked popup: what is saved before leaving (no prefill, expiring, keyed by channel)', async ({ page }) => {
  await blockPopups(page, rt.sandbox.url);
  await page.goto(rt.page('saved'));
  await toBankButton(page);
  const channel = await page.evaluate(() => (window as any).__journey.channel);
  // Keep the page here (a 204 answer leaves a navigation where it was) to read what the widget saved before leaving.
  // The widget's only navigation target is the journey origin's bank-redirect endpoint.
  let navigated = 0;
  await page.route(`${rt.sandbox.url}/bank-redirect/**`, (route) => {
    navigated++;
    return route.fulfill({ status: 204 });
  });
  await journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' }).click();
  await expect
    .poll(() => page.evaluate((c) => sessionStorage.getItem(`hosted-journey:resume:${c}`), channel))
    .not.toBeNull();
  const raw = (await page.evaluate((c) => sessionStorage.getItem(`hosted-journey:resume:${c}`), channel))!;
  expect(raw).not.toMatch(/Alex|alex@example/);
  const saved = JSON.parse(raw);
  expect(saved).toMatchObject({
    v: 1,
    channel,
    options: { vendor: 'acme', customerId: 'saved', container: '#journey', bankAuthorisation: 'popup' },
  });
  expect(saved.expiresAt - saved.savedAt).toBe(30 * 60_000);
  expect(navigated).toBe(1);
});

test('redirect strategy: no popup; deny at the bank → resume() → the journey shows the denial', async ({ page }) => {
  const start = rt.page('redir', 'redirect');
  await page.goto(start);
  await toBankButton(page);
  let popups = 0;
  page.on('popup', () => popups++);
  await journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' }).click();
  await expect(page).toHaveURL(new RegExp(`^${rt.sandbox.url}/bank/cdr-only-bank/authorise`));
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(start);
  expect(await page.evaluate(() => (window as any).__resumed)).toBe(true);
  await expect(journeyFrame(page).getByRole('heading', { name: 'Access was not approved' })).toBeVisible();
  expect(await bankPhases(page)).toEqual([stamped({ phase: 'completed', strategy: 'redirect', status: 'denied' })]);
  expect(popups).toBe(0);
});

test('redirect strategy: approve → resume() → done', async ({ page }) => {
  await page.goto(rt.page('redir_ok', 'redirect'));
  await toBankButton(page);
  await journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(journeyFrame(page).getByRole('heading', { name: DONE })).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as any).__resumed)).toBe(true);
});

test("redirect strategy: the bank-return page's call carries the journey's traceparent, as the journey's own calls do", async ({
  page,
}) => {
  const ref = 'redir_trace';
  const calls: { url: string; traceparent: string | undefined }[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${rt.sandbox.url}/journey-api/acme/${ref}/`))
      calls.push({ url: r.url(), traceparent: r.headers().traceparent });
  });
  await page.goto(rt.page(ref, 'redirect'));
  await toBankButton(page);
  await journeyFrame(page).getByRole('button', { name: 'Continue to CDR-only Bank' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(journeyFrame(page).getByRole('heading', { name: DONE })).toBeVisible({ timeout: 20_000 });
  const consent = calls.find((c) => c.url.endsWith('/consent'));
  const bankReturn = calls.find((c) => /\/consents\/cns_[0-9a-f]+$/.test(c.url));
  expect(consent?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
  expect(bankReturn?.traceparent).toBe(consent?.traceparent);
  // The resumed session is the same trace: its completion hands the page that traceparent.
  const completed = (await events(page)).find(([k]) => k === 'completed')?.[1];
  expect(completed?.traceparent).toBe(consent?.traceparent);
});

test('a stale or foreign saved state is ignored: a fresh journey mounts, nothing is resumed', async ({ page }) => {
  const ch = 'stale_channel_0001';
  const base = { vendor: 'acme', customerId: 'stale', journeyOrigin: rt.sandbox.url, container: '#journey' };
  await page.goto(`${rt.integrator.url}/favicon.ico`); // same origin, to seed sessionStorage
  await page.evaluate(
    ({ ch, base, origin }) => {
      const now = Date.now();
      sessionStorage.setItem(
        `hosted-journey:resume:${ch}`,
        JSON.stringify({
          v: 1,
          channel: ch,
          options: { ...base, returnUrl: `${origin}/apply` },
          savedAt: now - 3_600_000,
          expiresAt: now - 1_800_000,
        }),
      );
      sessionStorage.setItem(
        'hosted-journey:resume:foreign_channel_01',
        JSON.stringify({
          v: 1,
          channel: 'foreign_channel_01',
          options: { ...base, returnUrl: `${origin}/elsewhere` },
          savedAt: now,
          expiresAt: now + 60_000,
        }),
      );
    },
    { ch, base, origin: rt.integrator.url },
  );
  for (const channel of [ch, 'foreign_channel_01']) {
    await page.goto(`${rt.integrator.url}/apply?ref=fresh&hj_channel=${channel}&hj_bank_status=authorised`);
    await expect.poll(() => events(page)).toContainEqual(['ready', stamped({ step: 'details' })]);
    expect(await page.evaluate(() => (window as any).__resumed)).toBe(false);
    expect(await page.evaluate(() => (window as any).__journey.url)).toContain('/i/acme/fresh/');
    expect(await page.evaluate((c) => sessionStorage.getItem(`hosted-journey:resume:${c}`), channel)).toBeNull();
  }
});

test('no open redirect: the journey API refuses a return_to off the parent origin; a crafted bank-return link goes nowhere else', async ({
  page,
}) => {
  // A page served for the integrator's (registered, loopback) origin, and an unframed one (no parent origin).
  const framed = await rt.sandbox.journey('acme', 'redirect_attack', { parentOrigin: rt.integrator.url });
  const unframed = await rt.sandbox.journey('acme', 'redirect_attack');
  await framed.call('POST', 'start', { full_name: 'A B', email: 'a@example.com' });
  await framed.call('POST', 'institution', { institution_id: 'cdr-only-bank', pathway: 'cdr' });
  const ret = (to: string) =>
    `${rt.sandbox.url}/i/acme/redirect_attack/bank-return?return_to=${encodeURIComponent(to)}&channel=abcdefgh12345678`;
  expect((await framed.call('POST', 'consent', { return_url: ret('https://evil.example/') })).status).toBe(422);
  expect(
    (
      await framed.call('POST', 'consent', {
        return_url: ret('https://evil.example/'),
        parent_origin: 'https://evil.example',
      })
    ).status,
  ).toBe(422);
  expect((await unframed.call('POST', 'consent', { return_url: ret(`${rt.integrator.url}/apply`) })).status).toBe(422); // no parent origin
  expect((await framed.call('POST', 'consent', { return_url: 'https://evil.example/bank-return' })).status).toBe(422); // off the journey origin
  // A journey framed for an unregistered parent is not served at all.
  expect(
    (
      await fetch(
        `${rt.sandbox.url}/i/acme/redirect_attack?parent_origin=https%3A%2F%2Fevil.example&channel=abcdefgh12345678`,
      )
    ).status,
  ).toBe(403);
  const ok = await framed.call('POST', 'consent', {
    return_url: ret(`${rt.integrator.url}/apply`),
    parent_origin: rt.integrator.url,
  });
  expect(ok.status).toBe(201);

  // A link to the bank-return page naming another return_to, for a real consent: the page asks the server, which
  // knows only the integrator's page — and the consent is still pending, so it does not go there either.
  const evil: string[] = [];
  await page.route('https://evil.example/**', (route) => {
    evil.push(route.request().url());
    return route.fulfill({ body: 'evil' });
  });
  for (const id of [ok.json.consent_id, 'cns_forged']) {
    await page.goto(
      `${rt.sandbox.url}/i/acme/redirect_attack/bank-return?consent_id=${id}&status=authorised&return_to=${encodeURIComponent('https://evil.example/x')}`,
    );
    await expect(page).toHaveURL(new RegExp(`^${rt.sandbox.url}/i/acme/redirect_attack/banks`));
  }
  expect(evil).toEqual([]);
});
