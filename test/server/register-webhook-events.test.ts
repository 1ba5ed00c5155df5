// registerWebhook's `events` are the known event names: a misspelt one ('crawl.complete') is refused before anything
// is sent, naming the closest known name, and the sandbox — which validates with the same schema — answers 422 the
// same way to a signed request that bypasses the client. (The compile-time half: test/types/built-types.test.ts.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../src/server/index.js';
import { recordingClient, type TestSandbox, startTestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => void (sb = await startTestSandbox()));
afterAll(() => sb.close());

const client = () => createClient({ baseUrl: sb.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });

it('the client refuses an unknown event name before sending, with the closest known name', async () => {
  const fetched: string[] = [];
  const c = recordingClient(sb, fetched);
  const err = await c
    .registerWebhook({ url: 'http://127.0.0.1:9/hooks', events: ['crawl.complete' as 'crawl.completed'] })
    .catch((e: unknown) => e);
  expect(err).toMatchObject({
    name: 'HostedJourneyValidationError',
    code: 'VALIDATION',
    fields: [{ path: 'events.0', message: `unknown event type "crawl.complete"; did you mean 'crawl.completed'?` }],
  });
  const far = await c
    .registerWebhook({ url: 'http://127.0.0.1:9/hooks', events: ['consent.authorised', 'zzz' as 'crawl.completed'] })
    .catch((e: unknown) => e);
  expect(far).toMatchObject({ fields: [{ path: 'events.1' }] });
  const known = /known: (.*)/.exec((far as Error).message)?.[1]?.split(', ') ?? [];
  expect(known).toEqual(expect.arrayContaining(['consent.authorised', 'crawl.completed', 'application.report_ready']));
  expect(fetched).toEqual([]);
});

it('a known name registers as before', async () => {
  const r = await client().registerWebhook({ url: 'http://127.0.0.1:9/hooks', events: ['crawl.completed'] });
  expect(r).toMatchObject({ events: ['crawl.completed'], token_id: 'sandbox_token' });
  await client().deleteWebhook(r.webhook_id);
});

it('the sandbox answers a signed registration with an unknown name 422, naming the closest known name', async () => {
  const res = await sb.request('POST', '/api/v1/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['application.reportready'],
  });
  expect(res.status).toBe(422);
  expect(res.text).toContain(`did you mean 'application.report_ready'?`);
  const { webhooks } = await client().listWebhooks();
  expect(webhooks.map((w) => w.url)).not.toContain('http://127.0.0.1:9/hooks');
});
