// The service's side of "no event lost" (docs/production.md, "After an outage"), on the sandbox's clock: the published
// retry schedule over a day with jitter, a receiver disabled after 5 days of failures (an event to the token's other
// receivers, a line on the index page), the signed events list (30 days, filters, cursor pages, the retention's typed
// error), recovery and resend keeping event_id, and each receiver's delivery log. Time moves by clock advances only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISABLE_AFTER_MS, RETRY_JITTER, RETRY_SCHEDULE_MS } from '../../src/protocol/events.js';
import { OPT_IN_WEBHOOK_TYPES } from '../../src/protocol/webhooks.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { advanceClock, triggerJourney } from '../../src/sandbox/testing/index.js';
import { createClient, type HostedJourneyClient } from '../../src/server/index.js';
import type { DeliveryAttempt, Event } from '../../src/server/types.js';
import { startWebhookReceiver, type WebhookReceiverHandle } from '../support/sandbox.js';

let sandbox: Sandbox;
let client: HostedJourneyClient;
let down: WebhookReceiverHandle;
let good: WebhookReceiverHandle;
let downAnswers = 503;
let since: string;
const target = () => ({ url: sandbox.url });

beforeAll(async () => {
  down = await startWebhookReceiver(() => downAnswers);
  good = await startWebhookReceiver();
  sandbox = await startSandbox({
    crawlDelayMs: 0,
    duplicateRate: 0,
    webhooks: [{ url: down.url }, { url: good.url }],
  });
  client = createClient({ baseUrl: sandbox.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });
  since = (await advanceClock(target(), 0)).now;
  await triggerJourney(sandbox.url, { vendor: 'acme', ref: 'ev_1' });
  await triggerJourney(sandbox.url, { vendor: 'acme', ref: 'ev_2' });
});
afterAll(async () => {
  await sandbox?.close();
  await down?.close();
  await good?.close();
});

const all = async <T>(list: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const x of list) out.push(x);
  return out;
};
/** The events a receiver taking every type is sent (an opt-in type only to receivers naming it). */
const sent = (events: Event[]) => events.filter((e) => !(OPT_IN_WEBHOOK_TYPES as readonly string[]).includes(e.type));
const log = () => all(client.listDeliveries({ id: 'wh_1', limit: 500 }));

/** Moves the clock to the next retry the log announces and waits for that attempt. */
async function nextAttempt(): Promise<DeliveryAttempt[]> {
  const before = await log();
  const last = new Map(before.map((a) => [a.event_id, a]));
  const due = [...last.values()].flatMap((a) => (a.next_retry_at ? [a.next_retry_at] : [])).sort()[0];
  if (!due) {
    // Every event was given up: the receiver is still down when the next events come.
    await triggerJourney(sandbox.url, { vendor: 'acme', ref: `ev_${before.length}` });
    await vi.waitFor(async () => expect((await log()).length).toBeGreaterThan(before.length));
    return log();
  }
  const now = Date.parse((await advanceClock(target(), 0)).now);
  await advanceClock(target(), Math.max(0, Date.parse(due) - now) + 1);
  const disabled = () => good.received.some((h) => h.json.type === 'webhook.disabled');
  await vi.waitFor(async () => expect(disabled() || (await log()).length > before.length).toBe(true));
  return log();
}

describe('the retry schedule', () => {
  it('tries an event 8 times over more than 24 h of sandbox time, each wait the published one ±10 %', async () => {
    await vi.waitFor(() => expect(down.received.length).toBeGreaterThanOrEqual(2)); // each application's first event
    let attempts = await log();
    while (attempts.filter((a) => a.event_id === attempts[0]!.event_id).length < RETRY_SCHEDULE_MS.length)
      attempts = await nextAttempt();
    const first = attempts.filter((a) => a.event_id === attempts[0]!.event_id);
    expect(first.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(first.every((a) => a.status === 503 && a.latency_ms >= 0)).toBe(true);
    const at = first.map((a) => Date.parse(a.at));
    for (let i = 1; i < at.length; i++) {
      const wait = at[i]! - at[i - 1]!;
      expect(wait).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[i]! * (1 - RETRY_JITTER) - 50);
      expect(wait).toBeLessThanOrEqual(RETRY_SCHEDULE_MS[i]! * (1 + RETRY_JITTER) + 5_000);
      expect(Date.parse(first[i - 1]!.next_retry_at!)).toBeCloseTo(at[i]!, -4);
    }
    expect(at.at(-1)! - at[0]!).toBeGreaterThan(24 * 3600_000);
    expect(first.at(-1)!.next_retry_at).toBeNull();
    // the good receiver acknowledged every event at once
    expect(good.received.length).toBe(sent(await all(client.listEvents({ since }))).length);
  });

  it('disables a receiver failing for 5 days: webhook.disabled to the other receiver, a line on the index page', async () => {
    let attempts = await log();
    while (!good.received.some((h) => h.json.type === 'webhook.disabled')) {
      attempts = await nextAttempt();
      const span = Date.parse(attempts.at(-1)!.at) - Date.parse(attempts[0]!.at);
      if (span > DISABLE_AFTER_MS + 2 * 24 * 3600_000) throw new Error('not disabled after 5 days');
    }
    const disabled = good.received.find((h) => h.json.type === 'webhook.disabled')!.json as {
      data: { disabled_at: string; failing_since: string };
    };
    expect(disabled.data).toMatchObject({ webhook_id: 'wh_1', url: down.url });
    expect(Date.parse(disabled.data.disabled_at) - Date.parse(disabled.data.failing_since)).toBeGreaterThanOrEqual(
      DISABLE_AFTER_MS,
    );
    expect(down.received.some((h) => h.json.type === 'webhook.disabled')).toBe(false);
    const page = await (await fetch(sandbox.url)).text();
    expect(page).toMatch(/Disabled at .*every attempt failed since .*recoverWebhook\(\{ id: &#39;wh_1&#39;/s);
  });
});

describe('the events list', () => {
  it('pages every event of the token oldest first, filtered by type, application and time', async () => {
    const events = await all(client.listEvents({ since, limit: 3 }));
    expect(events.length).toBeGreaterThan(6);
    expect(events.map((e) => e.created_at)).toEqual(events.map((e) => e.created_at).sort());
    expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
    const pages = await all(client.listEvents({ since, limit: 3 }).pages());
    expect(pages.at(-1)!.next_cursor).toBeNull();
    expect(pages.slice(0, -1).every((p) => p.data.length === 3 && typeof p.next_cursor === 'string')).toBe(true);

    const crawls = await all(client.listEvents({ since, types: ['crawl.completed', 'consent.authorised'] }));
    expect(new Set(crawls.map((e) => e.type))).toEqual(new Set(['crawl.completed', 'consent.authorised']));
    const one = await all(client.listEvents({ since, vendor: 'acme', ref: 'ev_2' }));
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((e: Event) => e.ref === 'ev_2')).toBe(true);
    const until = events[2]!.created_at;
    expect((await all(client.listEvents({ since, until }))).every((e) => e.created_at < until)).toBe(true);
  });

  it('refuses a since older than 30 days with EventsExpiredError naming the retention, and a made-up cursor', async () => {
    const old = new Date(Date.parse(since) - 31 * 24 * 3600_000).toISOString();
    const error = await all(client.listEvents({ since: old })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EventsExpiredError', code: 'EVENTS_EXPIRED', status: 410, retentionDays: 30 });
    expect(String((error as Error).message)).toMatch(/kept 30 days/);
    const bad = await all(client.listEvents({ since, cursor: 'nope' })).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'cursor' }] });
  });
});

describe('recovery and resend', () => {
  it('recovers what the receiver never acknowledged, each event once with its event_id, and enables it', async () => {
    downAnswers = 200;
    const before = down.received.length;
    const events = sent(await all(client.listEvents({ since })));
    const acked = new Set((await log()).filter((a) => a.status === 200).map((a) => a.event_id));
    const { queued, enabled } = await client.recoverWebhook({ id: 'wh_1', since });
    expect(enabled).toBe(true);
    expect(queued).toBeGreaterThan(0); // the rest waited in its queue: retried now
    await sandbox.webhooksIdle();
    const got = down.received.slice(before).map((h) => h.json.event_id);
    expect(got.length).toBe(new Set(got).size);
    expect(new Set(got)).toEqual(new Set(events.filter((e) => !acked.has(e.event_id)).map((e) => e.event_id)));
    expect((await client.recoverWebhook({ id: 'wh_1', since })).queued).toBe(0); // all acknowledged now
  });

  it('resends one event with the same event_id and bytes; an unknown one is EVENT_NOT_FOUND', async () => {
    const [event] = await all(client.listEvents({ since, types: ['crawl.completed'] }));
    const before = down.received.length;
    expect(await client.resendEvent({ event_id: event!.event_id })).toEqual({ event_id: event!.event_id, queued: 2 });
    await sandbox.webhooksIdle();
    const again = down.received.slice(before);
    expect(again.map((h) => h.json)).toEqual([event]);
    await expect(client.resendEvent({ event_id: 'evt_nope' })).rejects.toMatchObject({ code: 'EVENT_NOT_FOUND' });
  });

  it("the delivery log pages one receiver's attempts, each with its time, status, latency and next retry", async () => {
    const attempts = await all(client.listDeliveries({ id: 'wh_1', since, limit: 7 }));
    expect(attempts.some((a) => a.status === 503 && a.next_retry_at !== null)).toBe(true);
    expect(attempts.at(-1)).toMatchObject({ status: 200, next_retry_at: null });
    await expect(all(client.listDeliveries({ id: 'wh_9' }))).rejects.toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
  });
});
