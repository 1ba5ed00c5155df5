// The service's documented names, over real HTTP: `crawler.seed_created`, `crawler.lifecycle_updated`
// with QUEUED, PROCESSING, AUTH, TIMEDOUT, FAILED, RELEASED, `account.account_owner` (collect=account_owner) and
// `application.documents_ready`, each received at a real receiver, verified, parsed as a known event, in order.
import { describe, expect, it } from 'vitest';
import { CRAWLER_LIFECYCLE_STATUSES, parseWebhookEvent } from '../../src/protocol/index.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { verifyWebhook } from '../../src/server/index.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { CDR_EVENTS } from '../support/events.js';
import {
  journeyApi,
  sandboxWithReceiver,
  type startTestSandbox,
  type ReceivedWebhook,
  type TestSandbox,
  type WebhookReceiverHandle,
} from '../support/sandbox.js';

const cleanup = cleanupAfterEach();

const setup = (options: Parameters<typeof startTestSandbox>[0] = {}) =>
  sandboxWithReceiver(cleanup, { duplicateRate: 0, ...options });

/** Every received event verified with the token's secret and parsed as a known event; [type, status?] in order. */
async function received(sb: TestSandbox, receiver: WebhookReceiverHandle): Promise<Array<[string, string?]>> {
  await sb.webhooksIdle();
  const out: Array<[string, string?]> = [];
  for (const hook of receiver.received) {
    const v = await verifyWebhook({ body: hook.body, headers: hook.headers, keys: [sb.token], path: hook.path });
    expect(v.known).toBe(true);
    const status = (hook.json.data as { status?: string }).status;
    out.push(status === undefined ? [hook.json.type] : [hook.json.type, status]);
  }
  return out;
}

const ofType = (receiver: WebhookReceiverHandle, type: string): ReceivedWebhook[] =>
  receiver.received.filter((h) => h.json.type === type);

const DATA_EVENTS: Array<[string]> = [['account.numbers_ready'], ['account.balances_ready'], ['crawl.completed']];

describe('crawler vocabulary [doc]', () => {
  it('seed created as the crawler pathway starts, then QUEUED → PROCESSING → RELEASED, data events', async () => {
    const { sb, receiver } = await setup();
    const call = await journeyApi(sb, 'v_1');
    await call('start', { full_name: 'Vi Nguyen', email: 'vi@example.com' });
    await call('institution', { institution_id: 'crawler-credit-union', pathway: 'crawler' });
    const login = await call('crawler/login', {
      institution_id: 'crawler-credit-union',
      username: 'demo',
      password: 'demo',
    });
    expect(login).toEqual({ status: 'RELEASED' });
    await sb.waitForStatus('acme', 'v_1', 'crawled');
    expect(await received(sb, receiver)).toEqual([
      ['crawler.seed_created'],
      ['crawler.lifecycle_updated', 'QUEUED'],
      ['crawler.lifecycle_updated', 'PROCESSING'],
      ['crawler.lifecycle_updated', 'RELEASED'],
      ...DATA_EVENTS,
    ]);
    const [seed] = ofType(receiver, 'crawler.seed_created');
    expect(seed!.json.data).toEqual({
      seed_id: expect.stringMatching(/^seed_/),
      institution_id: 'crawler-credit-union',
    });
    for (const h of ofType(receiver, 'crawler.lifecycle_updated')) {
      expect((h.json.data as { seed_id: string }).seed_id).toBe((seed!.json.data as { seed_id: string }).seed_id);
      expect(CRAWLER_LIFECYCLE_STATUSES).toContain((h.json.data as { status: string }).status);
    }
  });

  it('a one-time code: AUTH, a wrong code FAILED (log in again), the right one RELEASED', async () => {
    const { sb, receiver } = await setup();
    const call = await journeyApi(sb, 'v_2');
    await call('start', { full_name: 'O', email: 'o@example.com' });
    await call('institution', { institution_id: 'sandbox-bank', pathway: 'crawler' });
    const creds = { institution_id: 'sandbox-bank', username: 'otp', password: 'otp' };
    expect(await call('crawler/login', creds)).toEqual({ status: 'AUTH', message: expect.stringContaining('123456') });
    expect(await call('crawler/otp', { code: '000000' })).toEqual({ status: 'FAILED', message: expect.any(String) });
    expect((await call('crawler/login', { ...creds, password: 'nope' })).status).toBe('FAILED');
    expect((await call('crawler/login', creds)).status).toBe('AUTH');
    expect(await call('crawler/otp', { code: '123456' })).toEqual({ status: 'RELEASED' });
    await sb.waitForStatus('acme', 'v_2', 'crawled');
    const L = 'crawler.lifecycle_updated';
    expect(await received(sb, receiver)).toEqual([
      ['crawler.seed_created'],
      [L, 'QUEUED'],
      [L, 'PROCESSING'],
      [L, 'AUTH'],
      [L, 'PROCESSING'],
      [L, 'FAILED'],
      [L, 'QUEUED'],
      [L, 'PROCESSING'],
      [L, 'FAILED'],
      [L, 'QUEUED'],
      [L, 'PROCESSING'],
      [L, 'AUTH'],
      [L, 'PROCESSING'],
      [L, 'RELEASED'],
      ...DATA_EVENTS,
    ]);
    const failed = ofType(receiver, L).find((h) => (h.json.data as { status: string }).status === 'FAILED')!;
    expect((failed.json.data as { message: string }).message).toMatch(/code is incorrect/);
  });

  it('TIMEDOUT when no credentials arrive within crawlerTimeoutMs; logging in later starts a new seed', async () => {
    const { sb, receiver } = await setup({ crawlerTimeoutMs: 150 });
    const call = await journeyApi(sb, 'v_3');
    await call('start', { full_name: 'T', email: 't@example.com' });
    await call('institution', { institution_id: 'crawler-credit-union', pathway: 'crawler' });
    await expect
      .poll(() => received(sb, receiver), { timeout: 10_000 })
      .toEqual([['crawler.seed_created'], ['crawler.lifecycle_updated', 'TIMEDOUT'], ['application.abandoned']]);
    const creds = { institution_id: 'crawler-credit-union', username: 'demo', password: 'demo' };
    expect(await call('crawler/login', creds)).toEqual({ status: 'RELEASED' });
    await sb.waitForStatus('acme', 'v_3', 'crawled');
    const seeds = ofType(receiver, 'crawler.seed_created').map((h) => (h.json.data as { seed_id: string }).seed_id);
    expect(seeds).toHaveLength(2);
    expect(seeds[0]).not.toBe(seeds[1]);
    expect((await received(sb, receiver)).slice(3)).toEqual([
      ['crawler.seed_created'],
      ['crawler.lifecycle_updated', 'QUEUED'],
      ['crawler.lifecycle_updated', 'PROCESSING'],
      ['crawler.lifecycle_updated', 'RELEASED'],
      ...DATA_EVENTS,
    ]);
  });

  it('TIMEDOUT waiting for the code: a late code answers TIMEDOUT; input in time cancels the timeout', async () => {
    // A timeout long enough for the login to be in time on a loaded machine; the TIMEDOUT after AUTH is awaited.
    const { sb, receiver } = await setup({ crawlerTimeoutMs: 1000 });
    const call = await journeyApi(sb, 'v_4');
    await call('start', { full_name: 'T', email: 't@example.com' });
    await call('institution', { institution_id: 'sandbox-bank', pathway: 'crawler' });
    // In time: the login cancels the seed's timeout; AUTH arms a new one.
    expect(
      (await call('crawler/login', { institution_id: 'sandbox-bank', username: 'otp', password: 'otp' })).status,
    ).toBe('AUTH');
    const statuses = async () =>
      (await received(sb, receiver)).map(([t, s]) => s ?? (t === 'crawler.seed_created' ? 'seed' : t));
    await expect.poll(statuses, { timeout: 10_000 }).toContain('TIMEDOUT');
    expect(await call('crawler/otp', { code: '123456' })).toEqual({ status: 'TIMEDOUT', message: expect.any(String) });
    expect(await statuses()).toEqual([
      'seed',
      'QUEUED',
      'PROCESSING',
      'AUTH',
      'TIMEDOUT', // once: the seed's own timeout was cancelled by the login
      'application.abandoned',
    ]);
  });

  it('crawlerTimeoutMs must be a usable number of milliseconds', async () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])
      await expect(startSandbox({ crawlerTimeoutMs: bad })).rejects.toThrow(RangeError);
  });
});

describe('account.account_owner [doc] and application.documents_ready [doc]', () => {
  async function cdrJourney(sb: TestSandbox, ref: string, query: string) {
    const call = await journeyApi(sb, ref, query);
    await call('start', { full_name: 'Alex Owner', email: 'alex@example.com' });
    await call('institution', { institution_id: 'cdr-only-bank', pathway: 'cdr' });
    const consent = await call('consent', {});
    const page = await sb.raw('GET', new URL(consent.consent_url).pathname + new URL(consent.consent_url).search);
    const token = /name="form_token" value="([^"]+)"/.exec(page.text)![1]!;
    await sb.raw('POST', '/bank/cdr-only-bank/decision', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ consent_id: consent.consent_id, form_token: token, decision: 'approve' }).toString(),
    });
    await sb.waitForStatus('acme', ref, 'crawled');
  }

  it('collect=account_owner: the owners follow the accounts, before crawl.completed', async () => {
    const { sb, receiver } = await setup();
    await cdrJourney(sb, 'o_1', 'collect=account_owner');
    expect(await received(sb, receiver)).toEqual([
      ['consent.authorised'],
      ['account.numbers_ready'],
      ['account.balances_ready'],
      ['account.account_owner'],
      ['crawl.completed'],
    ]);
    const numbers = ofType(receiver, 'account.numbers_ready')[0]!.json.data as { accounts: { account_id: string }[] };
    const owner = ofType(receiver, 'account.account_owner')[0]!.json.data as {
      accounts: { account_id: string; owners: { name: string }[] }[];
    };
    expect(owner.accounts.map((a) => a.account_id)).toEqual(numbers.accounts.map((a) => a.account_id));
    for (const a of owner.accounts) expect(a.owners[0]!.name).toBe('Alex Owner');
    const parsed = parseWebhookEvent(ofType(receiver, 'account.account_owner')[0]!.json);
    expect(parsed).toMatchObject({ ok: true, known: true, event: { type: 'account.account_owner' } });
  });

  it('no collect=account_owner: no account.account_owner; collect=analysis adds analysis.report_ready', async () => {
    const { sb, receiver } = await setup();
    await cdrJourney(sb, 'o_2', 'collect=analysis');
    await sb.request('POST', '/api/v1/acme/o_2/finalise', {});
    await sb.waitForStatus('acme', 'o_2', 'report_ready');
    expect((await received(sb, receiver)).map(([t]) => t)).toEqual(CDR_EVENTS);
  });

  it('documents_ready once finalised: a statement per account over the period; the bundle downloads', async () => {
    const { sb, receiver } = await setup();
    const id = await sb.driveToCrawled('acme', 'd_1');
    await sb.webhooksIdle();
    expect(ofType(receiver, 'application.documents_ready')).toHaveLength(0);
    await sb.request('POST', '/api/v1/acme/d_1/finalise', {});
    await sb.waitForStatus('acme', 'd_1', 'report_ready');
    await sb.webhooksIdle();
    const [docs] = ofType(receiver, 'application.documents_ready');
    const accounts = (ofType(receiver, 'account.numbers_ready')[0]!.json.data as { accounts: { account_id: string }[] })
      .accounts;
    expect(docs!.json.application_id).toBe(id);
    expect(docs!.json.data).toEqual({
      formats: ['pdf', 'csv', 'json'],
      documents: accounts.map((a) => ({
        account_id: a.account_id,
        kind: 'statement',
        from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      })),
    });
    const bundle = await sb.request('GET', `/api/v1/applications/${id}/bundle?format=json`);
    expect(bundle.status).toBe(200);
    const types = receiver.received.map((h) => h.json.type);
    expect(types.indexOf('application.documents_ready')).toBeLessThan(types.indexOf('application.report_ready'));
  });
});
