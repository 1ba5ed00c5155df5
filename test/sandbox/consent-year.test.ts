// A thousand consents across two years of sandbox clock, no browser: exactly one consent.expiring per consent per
// lead, none after a renewal until the new date's leads, one consent.expired for each consent not renewed (and, later,
// one at the new date for those renewed), a cancelled renewal changes nothing, renewed account ids stay equal. Every
// delivery is duplicated (the sandbox's delivery log shows both copies of each event answered 2xx); the receiver runs
// the handler through a PostgresInbox, whose effect rows, one per unique event, are what the year is checked from.
// (One receiver: a second one that recorded every raw copy doubled the deliveries, about 40 % of this file's CPU, and
// proved nothing the effect rows and the log do not.)
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresInbox } from '../../src/server/stores/index.js';
import { createClient, createWebhookHandler, toNodeHandler } from '../../src/server/index.js';
import { advanceClock, startTestSandbox, triggerRenewal, type TestSandbox } from '../../src/sandbox/testing/index.js';
import { decideAtBank } from '../../src/sandbox/testing/trigger.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';

const N = 1000;
const DAY = 86_400_000;
const LEADS = [30, 14, 7, 1];
const VENDOR = 'acme';

interface Seen {
  event_id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

async function listen(listener: (req: never, res: never) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(listener as never);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks` };
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** N authorised consents, one per customer; answers consent id and account ids by ref. */
async function connect(sb: TestSandbox) {
  const client = createClient({ baseUrl: sb.url, tokenId: sb.token.id, signingSecret: sb.token.secret });
  const refs = Array.from({ length: N }, (_, i) => `c${i}`);
  const consents = new Map<string, { id: string; accounts: string[] }>();
  await inBatches(refs, 10, async (ref) => {
    await client.attachInstitution({ vendor: VENDOR, ref, bank_id: 'sandbox-bank', pathway: 'cdr' });
    const c = await client.createConsent({ vendor: VENDOR, ref });
    await decideAtBank(c.consent_url, 'approve', AbortSignal.timeout(120_000));
  });
  await inBatches(refs, 20, async (ref) => {
    const [c] = (await client.listConsents({ vendor: VENDOR, ref })).consents;
    expect(c?.status).toBe('active');
    expect(c!.account_ids.length).toBeGreaterThan(0);
    consents.set(ref, { id: c!.consent_id, accounts: c!.account_ids });
  });
  return { client, refs, consents };
}

type Run = Awaited<ReturnType<typeof runYear>>;

/**
 * The year: at day 340 every consent has had its 30-day warning; even customers renew (365 days from then), every
 * fourth one (i % 4 === 1) starts a renewal and cancels it; then the clock runs past both dates.
 */
async function runYear(sb: TestSandbox) {
  const { client, refs, consents } = await connect(sb);
  await advanceClock(sb, '340d');
  const renewed = refs.filter((_, i) => i % 2 === 0);
  const cancelled = refs.filter((_, i) => i % 4 === 1);
  const before = new Map<string, unknown>();
  await inBatches(cancelled, 10, async (ref) => {
    before.set(ref, (await client.listConsents({ vendor: VENDOR, ref })).consents);
    await triggerRenewal(sb, { vendor: VENDOR, ref, consentId: consents.get(ref)!.id, outcome: 'cancelled' });
  });
  await inBatches(renewed, 10, async (ref) => {
    await triggerRenewal(sb, { vendor: VENDOR, ref, consentId: consents.get(ref)!.id, outcome: 'approved' });
  });
  const after = new Map<string, unknown>();
  await inBatches(cancelled, 20, async (ref) => {
    after.set(ref, (await client.listConsents({ vendor: VENDOR, ref })).consents);
  });
  await advanceClock(sb, '30d');
  const mid = new Map<string, string>();
  await inBatches(refs, 20, async (ref) => {
    mid.set(ref, (await client.listConsents({ vendor: VENDOR, ref })).consents[0]!.status);
  });
  await advanceClock(sb, '400d');
  await sb.webhooksIdle();
  const final = new Map<string, { status: string; account_ids: string[] }>();
  await inBatches(refs, 20, async (ref) => {
    final.set(ref, (await client.listConsents({ vendor: VENDOR, ref })).consents[0]!);
  });
  return { refs, consents, renewed: new Set(renewed), before, after, mid, final };
}

/** The year's promises, from the unique events (by event_id). */
function checkYear(run: Run, events: Seen[]) {
  const unique = new Map(events.map((e) => [e.event_id, e]));
  const byConsent = new Map<string, Seen[]>();
  for (const e of unique.values()) {
    const id = e.data.consent_id as string;
    (byConsent.get(id) ?? byConsent.set(id, []).get(id)!).push(e);
  }
  for (const ref of run.refs) {
    const { id, accounts } = run.consents.get(ref)!;
    const mine = byConsent.get(id) ?? [];
    const warnings = mine
      .filter((e) => e.type === 'consent.expiring')
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    const dates = [...new Set(warnings.map((e) => e.data.sharing_expires_at as string))];
    const expired = mine.filter((e) => e.type === 'consent.expired');
    const renewals = mine.filter((e) => e.type === 'consent.renewed');
    expect(expired, ref).toHaveLength(1);
    if (run.renewed.has(ref)) {
      // The old date's 30-day warning, then nothing until the new date's leads; one expiry, at the new date.
      expect(dates, ref).toHaveLength(2);
      const [oldDate, newDate] = dates as [string, string];
      expect(warnings.filter((e) => e.data.sharing_expires_at === oldDate).map((e) => e.data.days_left)).toEqual([30]);
      const late = warnings.filter((e) => e.data.sharing_expires_at === newDate);
      expect(
        late.map((e) => e.data.days_left),
        ref,
      ).toEqual(LEADS);
      for (const w of late)
        expect(Date.parse(w.created_at)).toBe(Date.parse(newDate) - (w.data.days_left as number) * DAY);
      expect(renewals, ref).toHaveLength(1);
      expect(renewals[0]!.data.account_ids).toEqual(accounts);
      expect(renewals[0]!.data.sharing_expires_at).toBe(newDate);
      expect(expired[0]!.data.sharing_expires_at).toBe(newDate);
    } else {
      expect(dates, ref).toHaveLength(1);
      expect(
        warnings.map((e) => e.data.days_left),
        ref,
      ).toEqual(LEADS);
      expect(renewals, ref).toHaveLength(0);
    }
    expect(run.mid.get(ref), ref).toBe(run.renewed.has(ref) ? 'active' : 'expired');
    expect(run.final.get(ref)).toMatchObject({ status: 'expired', account_ids: accounts });
  }
  for (const [ref, consents] of run.before) expect(run.after.get(ref), ref).toEqual(consents);
  const denied = [...unique.values()].filter((e) => e.type === 'consent.denied');
  expect(denied).toHaveLength(run.before.size);
  return unique.size;
}

describe('the consent year: 1 000 consents, no browser, every delivery duplicated', () => {
  let db: RunningPostgres;
  let pool: pg.Pool;
  let sb: TestSandbox | undefined;
  const servers: Server[] = [];
  beforeAll(async () => {
    db = await startPostgres();
    pool = new pg.Pool({ connectionString: db.url, max: 10 });
    pool.on('error', () => {});
    await pool.query('CREATE TABLE effects (event_id text, type text, body jsonb)');
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await sb?.close();
    await pool?.end();
    await db?.destroy();
  });

  it('one warning per consent per lead, none after a renewal until the new leads, one expiry each; the inbox writes one effect row per unique event', async () => {
    // A thousand queues drain at once on a shared machine: patient retries, so no event is given up on.
    const webhookRetry = { attempts: 30, baseDelayMs: 50, maxDelayMs: 2000, timeoutMs: 60_000 };
    sb = await startTestSandbox({ duplicateRate: 1, webhookRetry });
    const inbox = new PostgresInbox({ pool, table: 'inbox' });
    await inbox.migrate();
    const handler = createWebhookHandler({
      verify: { keys: [{ tokenId: sb.token.id, secret: sb.webhookSecret }] },
      store: inbox,
      on: {
        '*': async (e, ctx) => {
          await ctx.db.query('INSERT INTO effects (event_id, type, body) VALUES ($1, $2, $3)', [
            e.event_id,
            e.type,
            JSON.stringify(e),
          ]);
        },
      },
    });
    const up = await listen(toNodeHandler(handler) as never);
    servers.push(up.server);
    await sb.addWebhook(up.url);
    const run = await runYear(sb);
    // Every event went out twice (duplicateRate 1), and the receiver answered both copies 2xx: the first ran the
    // handler, the second was answered as a duplicate of a done event.
    const copies = new Map<string, { first: number; duplicate: number }>();
    for (const d of sb.deliveries()) {
      if (d.status === null || d.status < 200 || d.status >= 300) continue;
      const c = copies.get(d.event_id) ?? copies.set(d.event_id, { first: 0, duplicate: 0 }).get(d.event_id)!;
      c[d.duplicate ? 'duplicate' : 'first']++;
    }
    expect([...copies.values()].filter((c) => c.first !== 1 || c.duplicate !== 1)).toEqual([]);
    // The inbox: exactly one effect row per event delivered, and the year's promises from those rows.
    const rows = (await pool.query('SELECT event_id, body FROM effects')).rows as { event_id: string; body: Seen }[];
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(rows.length);
    expect(rows.map((r) => r.event_id).sort()).toEqual([...copies.keys()].sort());
    const uniqueEvents = checkYear(
      run,
      rows.map((r) => r.body),
    );
    expect(uniqueEvents).toBeGreaterThan(N * 7);
  }, 1_800_000);
});
