// Webhook delivery over real HTTP: signed, at least once (seeded duplicates), retried with back-off, ordered per application.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { parseWebhookEvent } from '../../src/protocol/index.js';
import { verifyRequest } from '../../src/server/testing.js';
import { verifyWebhook } from '../../src/server/index.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { CDR_EVENTS } from '../support/events.js';
import {
  journeyApi,
  sandboxWithReceiver,
  startTestSandbox,
  startWebhookReceiver,
  type ReceivedWebhook,
  type TestSandbox,
  type WebhookReceiverHandle,
} from '../support/sandbox.js';

const cleanup = cleanupAfterEach();

const setup = (
  respond?: (hook: ReceivedWebhook, index: number) => number,
  options: Parameters<typeof startTestSandbox>[0] = {},
) => sandboxWithReceiver(cleanup, options, respond);

async function finalised(sb: TestSandbox, ref: string, analysis = false): Promise<string> {
  const id = await sb.driveToCrawled('acme', ref, { analysis });
  await sb.request('POST', `/api/v1/acme/${ref}/finalise`, {});
  await sb.waitForStatus('acme', ref, 'report_ready');
  return id;
}

/** Event types in the order each event was first accepted (2xx), per application. */
function acceptedOrder(receiver: WebhookReceiverHandle, accepted: Set<number>): Map<string, string[]> {
  const seen = new Set<string>();
  const out = new Map<string, string[]>();
  receiver.received.forEach((h, i) => {
    if (!accepted.has(i) || seen.has(h.json.event_id)) return;
    seen.add(h.json.event_id);
    out.set(h.json.application_id!, [...(out.get(h.json.application_id!) ?? []), h.json.type]);
  });
  return out;
}

describe('webhooks', () => {
  it('are signed with the token secret over the receiver path, verify with verifyRequest and parse as events', async () => {
    const { sb, receiver } = await setup();
    const id = await finalised(sb, 'w_1', true);
    await sb.webhooksIdle();
    expect(receiver.received.map((h) => h.json.type)).toEqual(CDR_EVENTS);
    for (const hook of receiver.received) {
      expect(hook.path).toBe('/hooks');
      await expect(
        verifyRequest({ method: 'POST', path: hook.path, headers: hook.headers, body: hook.body, keys: [sb.token] }),
      ).resolves.toEqual({ tokenId: 'sandbox_token' });
      await expect(
        verifyRequest({
          method: 'POST',
          path: hook.path,
          headers: hook.headers,
          body: hook.body,
          keys: [{ tokenId: 'sandbox_token', secret: 'other' }],
        }),
      ).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
      const verified = await verifyWebhook({
        body: hook.body,
        headers: hook.headers,
        keys: [sb.token],
        path: hook.path,
      });
      expect(verified).toMatchObject({
        known: true,
        tokenId: 'sandbox_token',
        event: { event_id: hook.json.event_id },
      });
      const parsed = parseWebhookEvent(hook.json);
      expect(parsed.ok && parsed.known).toBe(true);
      expect(hook.json).toMatchObject({ vendor: 'acme', ref: 'w_1', application_id: id });
    }
    const crawl = receiver.received.find((h) => h.json.type === 'crawl.completed')!.json.data as {
      transactions: number;
    };
    expect(crawl.transactions).toBeGreaterThanOrEqual(200);
  });

  it('signs Standard Webhooks deliveries for a receiver that chose that scheme (verified by the standardwebhooks package)', async () => {
    const secret = `whsec_${Buffer.from('a 24-byte standard secret').toString('base64')}`;
    const receiver = await startWebhookReceiver();
    const sb = await startTestSandbox({ webhooks: [{ url: receiver.url, scheme: 'standard', secret }] });
    cleanup.push(
      () => sb.close(),
      () => receiver.close(),
    );
    await finalised(sb, 'std_1');
    await sb.webhooksIdle();
    expect(receiver.received).toHaveLength(7);
    const verifier = new Webhook(secret);
    for (const hook of receiver.received) {
      expect(hook.headers['webhook-id']).toBe(hook.json.event_id);
      expect(verifier.verify(hook.body, hook.headers as Record<string, string>)).toEqual(hook.json);
      expect(() =>
        new Webhook(`whsec_${Buffer.from('another secret entirely!').toString('base64')}`).verify(
          hook.body,
          hook.headers as Record<string, string>,
        ),
      ).toThrow();
    }
    await expect(startTestSandbox({ webhooks: [{ url: receiver.url, scheme: 'standard' }] })).rejects.toThrow(/whsec_/);
  });

  it('crawler pathway: seed, lifecycle QUEUED → PROCESSING → RELEASED [doc], then the data events', async () => {
    const { sb, receiver } = await setup();
    const call = await journeyApi(sb, 'w_c');
    await call('start', { full_name: 'C', email: 'c@example.com' });
    await call('crawler/login', { institution_id: 'crawler-credit-union', username: 'demo', password: 'demo' });
    await sb.waitForStatus('acme', 'w_c', 'crawled');
    await sb.webhooksIdle();
    expect(receiver.received.map((r) => [r.json.type, (r.json.data as { status?: string }).status])).toEqual([
      ['crawler.seed_created', undefined],
      ['crawler.lifecycle_updated', 'QUEUED'],
      ['crawler.lifecycle_updated', 'PROCESSING'],
      ['crawler.lifecycle_updated', 'RELEASED'],
      ['account.numbers_ready', undefined],
      ['account.balances_ready', undefined],
      ['crawl.completed', undefined],
    ]);
  });

  it('duplicates events at the configured rate (seeded), the copy identical to the original', async () => {
    const { sb, receiver } = await setup(undefined, { duplicateRate: 0.3, seed: 'dups' });
    for (let i = 0; i < 12; i++) await finalised(sb, `d_${i}`);
    await sb.webhooksIdle();
    const byId = new Map<string, ReceivedWebhook[]>();
    for (const h of receiver.received) byId.set(h.json.event_id, [...(byId.get(h.json.event_id) ?? []), h]);
    const events = byId.size;
    const duplicated = [...byId.values()].filter((copies) => copies.length === 2);
    expect(events).toBe(12 * 7);
    expect([...byId.values()].every((c) => c.length <= 2)).toBe(true);
    expect(duplicated.length / events).toBeGreaterThan(0.15);
    expect(duplicated.length / events).toBeLessThan(0.45);
    for (const [a, b] of duplicated) expect(b!.body).toBe(a!.body);
    expect(sb.deliveries().filter((d) => d.duplicate)).toHaveLength(duplicated.length);
  });

  it('duplicateRate 0 sends each event once, 1 sends each twice', async () => {
    const once = await setup(undefined, { duplicateRate: 0 });
    await finalised(once.sb, 'r0');
    const twice = await setup(undefined, { duplicateRate: 1 });
    await finalised(twice.sb, 'r1');
    await once.sb.webhooksIdle();
    await twice.sb.webhooksIdle();
    expect(once.receiver.received).toHaveLength(7);
    expect(twice.receiver.received).toHaveLength(14);
  });

  it('retries after a 500 with growing delays, and delivers', async () => {
    const times: number[] = [];
    const { sb, receiver } = await setup(
      (_h, i) => {
        times.push(Date.now());
        return i < 3 ? 500 : 200;
      },
      { webhookRetry: { attempts: 5, baseDelayMs: 40 } },
    );
    await finalised(sb, 'rt_1');
    await sb.webhooksIdle();
    const first = receiver.received[0]!.json.event_id;
    const attempts = sb.deliveries().filter((d) => d.event_id === first);
    expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 200],
    ]);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(35);
    expect(times[3]! - times[2]!).toBeGreaterThanOrEqual(150); // 40, 80, 160 ms back-off
    expect(new Set(receiver.received.map((h) => h.json.type))).toEqual(
      new Set(CDR_EVENTS.filter((t) => t !== 'analysis.report_ready')),
    );
  });

  it('retries on a timeout and on a refused connection, then gives up after the last attempt', async () => {
    const { sb } = await setup(() => 200, { webhookRetry: { attempts: 3, baseDelayMs: 10, timeoutMs: 100 } });
    const hanging = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    cleanup.push(
      () =>
        new Promise<void>((r) => {
          hanging.close(() => r());
          hanging.closeAllConnections();
        }),
    );
    const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/slow`;
    await sb.request('POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/closed' });
    await sb.request('POST', '/api/v1/webhooks', { url: hangingUrl });
    await finalised(sb, 'to_1');
    await sb.webhooksIdle();
    const closed = sb.deliveries().filter((d) => d.url === 'http://127.0.0.1:9/closed');
    expect(closed).toHaveLength(7 * 3);
    expect(closed.every((d) => d.status === null && d.error && d.error !== 'timeout')).toBe(true);
    const slow = sb.deliveries().filter((d) => d.url === hangingUrl);
    expect(slow).toHaveLength(7 * 3);
    expect(slow.every((d) => d.status === null && d.error === 'timeout')).toBe(true);
    expect(sb.deliveries().filter((d) => d.status === 200)).toHaveLength(7); // the healthy receiver is not held up
  });

  it('keeps each application in order even when deliveries fail and duplicates interleave', async () => {
    let n = 0;
    const accepted = new Set<number>();
    const { sb, receiver } = await setup(
      (_h, i) => {
        const ok = n++ % 3 !== 0; // every third attempt fails
        if (ok) accepted.add(i);
        return ok ? 200 : 503;
      },
      { duplicateRate: 0.5, webhookRetry: { attempts: 8, baseDelayMs: 5 } },
    );
    const ids = await Promise.all(['o_1', 'o_2', 'o_3'].map((ref) => finalised(sb, ref)));
    await sb.webhooksIdle();
    const order = acceptedOrder(receiver, accepted);
    for (const id of ids) expect(order.get(id)).toEqual(CDR_EVENTS.filter((t) => t !== 'analysis.report_ready'));
    expect(receiver.received.some((_, i) => !accepted.has(i))).toBe(true);
  });

  it('a receiver registered through POST /api/v1/webhooks gets later events', async () => {
    const receiver = await startWebhookReceiver();
    const sb = await startTestSandbox();
    cleanup.push(
      () => sb.close(),
      () => receiver.close(),
    );
    expect((await sb.request('POST', '/api/v1/webhooks', { url: receiver.url })).status).toBe(201);
    await finalised(sb, 'reg_1');
    await sb.webhooksIdle();
    expect(receiver.received).toHaveLength(7);
  });
});
