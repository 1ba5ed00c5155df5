// The sandbox-only deliveries calls from outside its process: a token sees and resends only its own events' deliveries,
// and a resent event is the same event (id and bytes) again. And a bundle asked for by a ref names the id it wants.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { listDeliveries, resendDelivery, triggerJourney } from '../../src/sandbox/testing/index.js';
import { createClient } from '../../src/server/index.js';
import { startWebhookReceiver, type WebhookReceiverHandle } from '../support/sandbox.js';

const A = { tokenId: 'tok_a', secret: 'secret_a' };
const B = { tokenId: 'tok_b', secret: 'secret_b' };
let sandbox: Sandbox;
let hooks: WebhookReceiverHandle;
const as = (t: typeof A) => ({ url: sandbox.url, token: { id: t.tokenId, secret: t.secret } });

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  sandbox = await startSandbox({
    tokens: [A, B],
    webhooks: [{ url: `${hooks.url}?key=abc123`, tokenId: A.tokenId }],
    crawlDelayMs: 0,
    duplicateRate: 0,
  });
  const client = createClient({ baseUrl: sandbox.url, tokenId: A.tokenId, signingSecret: A.secret });
  await client.startApplication({ vendor: 'acme', ref: 'd_1', full_name: 'A B', email: 'a@example.com' });
  await triggerJourney(sandbox.url, { vendor: 'acme', ref: 'd_1' });
  await sandbox.webhooksIdle();
});
afterAll(async () => {
  await sandbox?.close();
  await hooks?.close();
});

it("lists the token's own deliveries only, filtered, receiver URLs without query values", async () => {
  const mine = await listDeliveries(as(A));
  expect(mine.length).toBe(sandbox.deliveries().length);
  expect(mine.every((d) => d.url.endsWith('/hooks?key=***'))).toBe(true);
  expect(await listDeliveries(as(B))).toEqual([]);
  const crawl = await listDeliveries(as(A), { type: 'crawl.completed' });
  expect(crawl.map((d) => d.type)).toEqual(['crawl.completed']);
  expect(await listDeliveries(as(A), { limit: 1 })).toEqual([mine.at(-1)]);
  await expect(listDeliveries(as(A), { limit: 0 })).rejects.toThrow(/limit.*1 to 1000/);
});

it('resends the same event, bytes and all, to the receiver; another token gets 404 for it', async () => {
  const first = (await listDeliveries(as(A)))[0]!;
  await expect(resendDelivery(as(B), first.event_id)).rejects.toThrow(/404 NOT_FOUND no event/);
  const original = hooks.received.find((h) => h.json.event_id === first.event_id)!;
  const before = hooks.received.length;
  expect(await resendDelivery(as(A), first.event_id)).toEqual({ event_id: first.event_id, queued: 1 });
  await vi.waitFor(() => expect(hooks.received.length).toBe(before + 1));
  expect(hooks.received.at(-1)!.body).toBe(original.body);
  await sandbox.webhooksIdle();
  expect((await listDeliveries(as(A), { eventId: first.event_id })).at(-1)).toMatchObject({
    resent: true,
    status: 200,
  });
});

it("downloadBundle given a customer's ref instead of the application id says which id it wants", async () => {
  const client = createClient({ baseUrl: sandbox.url, tokenId: A.tokenId, signingSecret: A.secret });
  const [app] = (await listDeliveries(as(A), { type: 'consent.authorised' })).map((d) => d.application_id);
  const err = await client.downloadBundle({ id: 'd_1', format: 'pdf' }).catch((e: unknown) => e);
  expect(err).toMatchObject({ code: 'APPLICATION_NOT_FOUND' });
  expect((err as Error).message).toContain(`'d_1' is a customer's ref (vendor acme)`);
  expect((err as Error).message).toContain(`the application id, '${app}'`);
  const other = createClient({ baseUrl: sandbox.url, tokenId: B.tokenId, signingSecret: B.secret });
  const unknown = await other.downloadBundle({ id: 'd_1', format: 'pdf' }).catch((e: unknown) => e);
  expect((unknown as Error).message).not.toContain('app_');
});
