// The two things that go wrong first with webhooks, said out loud: the sandbox gave up on a receiver after its last
// retry (log and index), and a receiver that answers BAD_SIGNATURE is told which secret the sandbox signs with. And a
// registration that names an event type the sandbox never sends is refused with the closest known name.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookHandler, toNodeHandler } from '../../src/server/index.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
const lines: string[] = [];
let receiver: ReturnType<typeof createServer>;
beforeAll(async () => {
  // A receiver verifying with the wrong secret: every delivery is refused 401 BAD_SIGNATURE.
  const handler = createWebhookHandler({
    verify: { keys: [{ tokenId: 'sandbox_token', secret: 'not_the_secret' }] },
    on: { '*': async () => undefined },
    onError: () => undefined,
  });
  receiver = createServer(toNodeHandler(handler)).listen(0, '127.0.0.1');
  await new Promise((r) => receiver.once('listening', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  sb = await startTestSandbox({
    log: (l) => lines.push(l),
    webhookRetry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 2000 },
    webhooks: [{ url }],
  });
});
afterAll(async () => {
  await sb.close();
  receiver.close();
});

describe('webhook diagnostics', () => {
  it('a BAD_SIGNATURE answer gets a hint naming the signing token; the last retry says it gave up', async () => {
    await sb.driveToCrawled('acme', 'diag_1');
    await sb.webhooksIdle();
    const first = sb.deliveries()[0]!;
    expect(first.status).toBe(401);
    expect(first.hint).toMatch(/BAD_SIGNATURE: the sandbox signs this receiver's deliveries as token 'sandbox_token'/);
    expect(first.gave_up).toBeUndefined();
    const last = sb.deliveries().find((d) => d.event_id === first.event_id && d.attempt === 2)!;
    expect(last.gave_up).toBe(true);

    const logged = lines.filter((l) => l.includes(first.event_id));
    expect(logged[0]).toMatch(/: 401 — hint: BAD_SIGNATURE: .*'sandbox_token'/);
    expect(logged[1]).toMatch(/: 401 \(attempt 2, gave up after 2 attempts\) — hint:/);
    expect(lines.join('\n')).not.toContain('sandbox_secret');

    const index = await sb.raw('GET', '/', { headers: { accept: 'application/json' } });
    const recent = index.json.webhooks[0].recent_deliveries as Array<Record<string, unknown>>;
    expect(recent.some((d) => d.gave_up === true && /sandbox_token/.test(String(d.hint)))).toBe(true);
    const html = await sb.raw('GET', '/');
    expect(html.text).toContain('gave up after 2 attempts · hint: BAD_SIGNATURE: the sandbox signs');
  });

  it('registering a misspelt event type answers 422 with the closest known name', async () => {
    const res = await sb.request('POST', '/api/v1/webhooks', {
      url: 'http://127.0.0.1:9/h',
      events: ['crawl.complete'],
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('VALIDATION_FAILED');
    expect(res.json.error.fields).toEqual([
      { path: 'events.0', message: `unknown event type "crawl.complete"; did you mean 'crawl.completed'?` },
    ]);
    const ok = await sb.request('POST', '/api/v1/webhooks', {
      url: 'http://127.0.0.1:9/h',
      events: ['crawl.completed'],
    });
    expect(ok.status).toBe(201);
  });
});
