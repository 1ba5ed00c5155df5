// Mistake: registering the webhook at every boot, as a quick start does. Were each boot to add a receiver for the same
// URL, every event would be delivered once per boot and the eleventh boot would fail on WEBHOOK_LIMIT_REACHED. The same
// URL and events again answer the existing registration — in the sandbox, and in the client (which lists first, so a
// service that is not idempotent gets no second POST); the same URL with other events updates that registration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/server/index.js';
import { json, startHttp } from '../support/http.js';
import { type TestSandbox, startTestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => void (sb = await startTestSandbox()));
afterAll(() => sb.close());

const client = () => createClient({ baseUrl: sb.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });
const URL_A = 'http://127.0.0.1:9/boot-hooks';

describe('registering at every boot', () => {
  it('eleven boots registering the same URL and events leave one registration, with one id', async () => {
    const ids = new Set<string>();
    for (let boot = 0; boot < 11; boot++) {
      const r = await client().registerWebhook({ url: URL_A, events: ['crawl.completed', 'consent.authorised'] });
      ids.add(r.webhook_id);
    }
    expect(ids.size).toBe(1);
    const mine = (await client().listWebhooks()).webhooks.filter((w) => w.url === URL_A);
    expect(mine).toHaveLength(1);
  });

  it('the sandbox answers a repeated signed registration 200 with the existing one (the first 201)', async () => {
    const url = 'http://127.0.0.1:9/boot-direct';
    const first = await sb.request('POST', '/api/v1/webhooks', { url, events: ['crawl.completed'] });
    const again = await sb.request('POST', '/api/v1/webhooks', { url, events: ['crawl.completed'] });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.json.webhook_id).toBe(first.json.webhook_id);
  });

  it('the same URL with other events updates that registration: still one receiver, the new events', async () => {
    const url = 'http://127.0.0.1:9/boot-events';
    const first = await client().registerWebhook({ url, events: ['crawl.completed'] });
    const wider = await client().registerWebhook({ url, events: ['crawl.completed', 'application.report_ready'] });
    expect(wider.webhook_id).toBe(first.webhook_id);
    expect(wider.events).toEqual(['crawl.completed', 'application.report_ready']);
    const every = await client().registerWebhook({ url });
    expect(every.webhook_id).toBe(first.webhook_id);
    expect(every.events).toBeUndefined();
    expect((await client().listWebhooks()).webhooks.filter((w) => w.url === url)).toEqual([every]);
  });

  it('against a service that is not idempotent, the client finds the registration and sends no second POST', async () => {
    const existing = { webhook_id: 'wh_7', url: URL_A, token_id: 'tok_1', events: ['crawl.completed'] };
    const service = await startHttp((req, res) =>
      req.method === 'GET'
        ? json(res, 200, { webhooks: [existing] })
        : json(res, 201, { ...existing, webhook_id: 'wh_8' }),
    );
    try {
      const c = createClient({ baseUrl: service.url, tokenId: 'tok_1', signingSecret: 'signing-secret-1' });
      expect(await c.registerWebhook({ url: URL_A, events: ['crawl.completed'] })).toEqual(existing);
      expect(service.requests.map((r) => r.method)).toEqual(['GET']);
      expect((await c.registerWebhook({ url: `${URL_A}/other` })).webhook_id).toBe('wh_8');
      expect(service.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST']);
    } finally {
      await service.close();
    }
  });
});
