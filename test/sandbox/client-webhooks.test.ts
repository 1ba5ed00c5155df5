// Webhook registration through the client, against a real sandbox and real receivers (createWebhookHandler behind
// toNodeHandler on node:http): register → deliveries arrive and verify → list shows it → delete → no more deliveries.
// Also: `events` filtering, and a token never sees or deletes another token's receivers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createWebhookHandler,
  isApiError,
  isClientError,
  toNodeHandler,
} from '../../src/server/index.js';
import type { WebhookRegistration } from '../../src/server/types.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

interface Receiver {
  url: string;
  types: string[];
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const types: string[] = [];
  const handler = createWebhookHandler({
    verify: { keys: [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }] },
    on: { '*': (event) => void types.push(event.type) },
  });
  const server = createServer(toNodeHandler(handler));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, types, server };
}

let sb: TestSandbox;
let all: Receiver;
let onlyCompleted: Receiver;
beforeAll(async () => {
  sb = await startTestSandbox({
    tokens: [
      { tokenId: 'sandbox_token', secret: 'sandbox_secret' },
      { tokenId: 'other_token', secret: 'other_secret' },
    ],
  });
  [all, onlyCompleted] = await Promise.all([startReceiver(), startReceiver()]);
});
afterAll(async () => {
  await sb.close();
  for (const r of [all, onlyCompleted]) r.server.close();
});

describe('client.registerWebhook / listWebhooks / deleteWebhook against the sandbox', () => {
  it('register → deliveries arrive → list → delete → no more deliveries', async () => {
    const client = createClient({ baseUrl: sb.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });
    const other = createClient({ baseUrl: sb.url, tokenId: 'other_token', signingSecret: 'other_secret' });

    const reg = await client.registerWebhook({ url: all.url });
    expect(reg).toEqual({ webhook_id: expect.stringMatching(/^wh_\d+$/), url: all.url, token_id: 'sandbox_token' });
    const filtered = await client.registerWebhook({ url: onlyCompleted.url, events: ['crawl.completed'] });
    expect(filtered.events).toEqual(['crawl.completed']);

    await sb.driveToCrawled('acme', 'wh_1');
    await sb.webhooksIdle();
    expect(all.types).toEqual(expect.arrayContaining(['consent.authorised', 'crawl.completed']));
    expect(onlyCompleted.types).toEqual(['crawl.completed']);

    const listed = (await client.listWebhooks()).webhooks;
    expect(listed.map((w: WebhookRegistration) => w.webhook_id)).toEqual([reg.webhook_id, filtered.webhook_id]);
    // Another token neither sees nor deletes them.
    expect((await other.listWebhooks()).webhooks).toEqual([]);
    const refused = await other.deleteWebhook(reg.webhook_id).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status === 404 && refused.code === 'WEBHOOK_NOT_FOUND').toBe(true);

    expect(await client.deleteWebhook(reg.webhook_id)).toEqual({ webhook_id: reg.webhook_id, deleted: true });
    expect((await client.listWebhooks()).webhooks.map((w) => w.webhook_id)).toEqual([filtered.webhook_id]);
    const before = all.types.length;
    await sb.driveToCrawled('acme', 'wh_2');
    await sb.webhooksIdle();
    expect(all.types).toHaveLength(before);
    expect(onlyCompleted.types).toEqual(['crawl.completed', 'crawl.completed']);
    // Deleting it again: 404, the id is never reused.
    const again = await client.deleteWebhook(reg.webhook_id).catch((e: unknown) => e);
    expect(isApiError(again) && again.code === 'WEBHOOK_NOT_FOUND').toBe(true);
  });

  it('checks the request before sending: a non-http(s) URL, an empty events list, a bad id', async () => {
    const client = createClient({ baseUrl: sb.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });
    for (const call of [
      () => client.registerWebhook({ url: 'ftp://example.com/hooks' }),
      () => client.registerWebhook({ url: 'https://example.com/hooks', events: [] }),
      () => client.deleteWebhook('../applications'),
    ]) {
      const e = await call().catch((err: unknown) => err);
      expect(isClientError(e) && e.name === 'HostedJourneyValidationError').toBe(true);
    }
  });
});
