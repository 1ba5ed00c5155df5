/**
 * The demo server's use of `hosted-journey-server`: the signed client, and exactly-once webhook handling that calls
 * `finalise` on `crawl.completed`. Every delivery's outcome is kept so the end-to-end tests can prove duplicates
 * arrived and each event id was processed once.
 */
import { randomUUID } from 'node:crypto';
import {
  MemoryDedupeStore,
  RedisDedupeStore,
  createClient,
  createWebhookHandler,
  toNodeHandler,
  type DedupeStore,
  type WebhookEvent,
  type WebhookHandler,
  type WebhookOutcome,
} from '../src/server/index.js';
import type { ApplicationStore } from './store.js';

export interface ServiceOptions {
  sandboxUrl: string;
  tokenId: string;
  signingSecret: string;
  vendor: string;
  store: ApplicationStore;
  /** Redis dedupe store when set (e.g. from REDIS_URL); memory otherwise. */
  redisUrl?: string | undefined;
}

export interface DeliveryRecord {
  eventId?: string | undefined;
  type?: string | undefined;
  outcome: WebhookOutcome;
  status: number;
}

function describe(e: WebhookEvent): string {
  const d = (e.data ?? {}) as Record<string, unknown>;
  switch (e.type) {
    case 'consent.authorised':
      return `consent ${String(d.consent_id)} at ${String(d.institution_id)}`;
    case 'crawler.lifecycle_updated':
      return `crawler ${String(d.status)}`; // QUEUED, PROCESSING, AUTH, TIMEDOUT, FAILED or RELEASED [doc]
    case 'crawler.seed_created':
      return `seed ${String(d.seed_id)} at ${String(d.institution_id)}`;
    case 'account.account_owner':
      return `owners of ${Array.isArray(d.accounts) ? d.accounts.length : 0} accounts`;
    case 'application.documents_ready':
      return `${Array.isArray(d.documents) ? d.documents.length : 0} statements`;
    case 'account.numbers_ready':
    case 'account.balances_ready':
      return `${Array.isArray(d.accounts) ? d.accounts.length : 0} accounts`;
    case 'crawl.completed':
      return `${String(d.accounts)} accounts, ${String(d.transactions)} transactions`;
    case 'application.report_ready':
      return `formats ${Array.isArray(d.formats) ? d.formats.join(', ') : ''}`;
    default:
      return e.application_id ?? '';
  }
}

export function createService(o: ServiceOptions) {
  const client = createClient({ baseUrl: o.sandboxUrl, tokenId: o.tokenId, signingSecret: o.signingSecret });
  const dedupe: DedupeStore & { close?(): Promise<void> } = o.redisUrl
    ? new RedisDedupeStore({ url: o.redisUrl, prefix: `hj-demo:${randomUUID()}:` })
    : new MemoryDedupeStore();
  const deliveries: DeliveryRecord[] = [];
  const processed: string[] = [];

  const note = (e: WebhookEvent) => {
    processed.push(e.event_id);
    const app = o.store.ensure(e.ref);
    if (e.application_id) app.applicationId ??= e.application_id;
    o.store.record(e.ref, { id: e.event_id, source: 'webhook', type: e.type, at: e.created_at, detail: describe(e) });
  };

  const handler: WebhookHandler = createWebhookHandler({
    verify: { keys: [{ tokenId: o.tokenId, secret: o.signingSecret }] },
    store: dedupe,
    on: {
      'crawl.completed': async (e) => {
        note(e);
        const res = await client.finalise({ vendor: e.vendor, ref: e.ref, idempotencyKey: `finalise-${e.event_id}` });
        o.store.record(e.ref, {
          id: `finalise-${e.event_id}`,
          source: 'server',
          type: 'finalise.called',
          at: new Date().toISOString(),
          detail: `finalise → ${res.status}`,
        });
      },
      '*': (e) => note(e),
    },
  });
  const counting: WebhookHandler = {
    async handle(delivery) {
      const r = await handler.handle(delivery);
      let type: string | undefined;
      try {
        type = (
          JSON.parse(
            typeof delivery.body === 'string' ? delivery.body : new TextDecoder().decode(delivery.body as Uint8Array),
          ) as { type?: string }
        ).type;
      } catch {
        /* malformed: the handler already answered 400 */
      }
      deliveries.push({ eventId: r.eventId, type, outcome: r.outcome, status: r.status });
      return r;
    },
  };

  return {
    client,
    /** node:http handler for `POST /webhooks`. */
    webhooks: toNodeHandler(counting),
    deliveries: () => [...deliveries],
    processed: () => [...processed],
    /** Registers `url` as a webhook receiver with the sandbox (`client.registerWebhook`, signed). */
    async registerWebhook(url: string): Promise<void> {
      await client.registerWebhook({ url });
    },
    async close(): Promise<void> {
      await dedupe.close?.();
    },
  };
}

export type Service = ReturnType<typeof createService>;
