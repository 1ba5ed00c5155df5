// A registration that leaves out events the handler handles: `events: ['crawl.completed', 'application.report_ready']`
// beside a handler with on['consent.expiring'] — the consent expires, zero consent deliveries, no word anywhere.
// The registration takes the handler's own list (`registerWebhook({ url, handler })`), a list that leaves out a
// handled type is refused before anything is sent, naming it, and the sandbox's log says when a receiver's filter
// kept an event from it. A real handler (toNodeHandler) behind a real sandbox, its clock advanced to the 30-day warning.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createWebhookHandler, toNodeHandler } from '../../src/server/index.js';
import { advanceClock } from '../../src/sandbox/testing/index.js';
import { decideAtBank } from '../../src/sandbox/testing/trigger.js';
import { recordingClient, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
const lines: string[] = [];
const servers: Server[] = [];
beforeAll(async () => void (sb = await startTestSandbox({ log: (l) => lines.push(l) })));
afterAll(async () => {
  for (const s of servers) s.close();
  await sb.close();
});

const client = () => createClient({ baseUrl: sb.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });

/** A receiver whose handler handles the seed's two events and consent.expiring; answers what reached it. */
async function receiver(extra: Record<string, () => void> = {}) {
  const heard: string[] = [];
  const handler = createWebhookHandler({
    verify: { keys: [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }] },
    on: {
      'crawl.completed': (e) => void heard.push(e.type),
      'application.report_ready': (e) => void heard.push(e.type),
      'consent.expiring': (e) => void heard.push(e.type),
      ...extra,
    },
  });
  const server = createServer(toNodeHandler(handler));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { handler, heard, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks` };
}

/** One CDR consent authorised for `ref`, then the sandbox clock moved to its 30-day warning (consent.expiring). */
async function consentNearItsEnd(ref: string) {
  const c = client();
  await c.attachInstitution({ vendor: 'acme', ref, bank_id: 'sandbox-bank', pathway: 'cdr' });
  const consent = await c.createConsent({ vendor: 'acme', ref });
  await decideAtBank(consent.consent_url, 'approve', AbortSignal.timeout(30_000));
  await advanceClock(sb.url, '340d');
  await sb.webhooksIdle();
}

describe('registering a receiver for the events its handler handles', () => {
  it('handler.events lists the types on handles, in the protocol order; with * it is undefined (every type)', async () => {
    const { handler } = await receiver();
    expect(handler.events).toEqual(['consent.expiring', 'crawl.completed', 'application.report_ready']);
    const all = createWebhookHandler({
      verify: { keys: [{ tokenId: 'sandbox_token', secret: 's' }] },
      on: { '*': () => {} },
    });
    expect(all.events).toBeUndefined();
  });

  it('events that leave out consent.expiring beside a handler with on[consent.expiring]: refused before sending, naming it', async () => {
    const { handler, url } = await receiver();
    const sent: string[] = [];
    const err = await recordingClient(sb, sent)
      .registerWebhook({ url, events: ['crawl.completed', 'application.report_ready'], handler })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'HostedJourneyValidationError', fields: [{ path: 'events' }] });
    expect((err as Error).message).toMatch(/leaves out consent\.expiring, which the handler handles/);
    expect(sent).toEqual([]);
    // A list that covers the handler (and more) is fine.
    const ok = await client().registerWebhook({
      url,
      events: ['crawl.completed', 'application.report_ready', 'consent.expiring', 'consent.expired'],
      handler,
    });
    expect(ok.events).toHaveLength(4);
    await client().deleteWebhook(ok.webhook_id);
    // A handler with '*' handles every type: only a registration without events fits it.
    const star = await receiver({ '*': () => {} });
    const refused = await client()
      .registerWebhook({ url: star.url, events: ['crawl.completed'], handler: star.handler })
      .catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/leaves out every type/);
  });

  it('registerWebhook({ url, handler }): registered for the handler’s types, and the consent.expiring reaches it', async () => {
    const { handler, heard, url } = await receiver();
    const r = await client().registerWebhook({ url, handler });
    expect(r.events).toEqual(['consent.expiring', 'crawl.completed', 'application.report_ready']);
    // Again at the next boot: the same registration, not a second one.
    expect((await client().registerWebhook({ url, handler })).webhook_id).toBe(r.webhook_id);
    await consentNearItsEnd('filter_ok');
    expect(heard).toContain('consent.expiring');
    await client().deleteWebhook(r.webhook_id);
  });

  it('a receiver whose filter excludes consent.expiring: the sandbox’s log says the event was not sent to it, and why', async () => {
    const { heard, url } = await receiver();
    const r = await client().registerWebhook({ url, events: ['crawl.completed', 'application.report_ready'] });
    await consentNearItsEnd('filter_out');
    expect(heard).not.toContain('consent.expiring');
    const line = lines.find((l) => l.includes('consent.expiring') && l.includes(r.webhook_id));
    expect(line).toMatch(
      new RegExp(
        `^webhook consent\\.expiring evt_\\S+ not sent to ${r.webhook_id} http://127\\.0\\.0\\.1:\\d+/webhooks: ` +
          'its events filter excludes consent\\.expiring \\(registered for crawl\\.completed, application\\.report_ready\\)',
      ),
    );
    await client().deleteWebhook(r.webhook_id);
  });
});
