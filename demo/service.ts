/**
 * The demo server's use of `hosted-journey-server`: the signed client, and exactly-once webhook handling that calls
 * `finalise` on `crawl.completed`. Every delivery's outcome is kept so the end-to-end tests can prove duplicates
 * arrived and each event id was processed once. The dedupe store: a PostgresInbox when `databaseUrl` is set (each
 * event's application row is written through `ctx.db`, see database.ts), else Redis when `redisUrl` is set, else memory.
 */
import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import {
  MemoryDedupeStore,
  RedisDedupeStore,
  type DedupeStore,
  type PgClientLike,
} from '../src/server/stores/index.js';
import {
  createClient,
  createWebhookHandler,
  toNodeHandler,
  type WebhookEvent,
  type WebhookHandler,
} from '../src/server/index.js';
import type { WebhookOutcome } from '../src/server/types.js';
import { type DemoDatabase, openDemoDatabase, writeApplication } from './database.js';
import type { ApplicationStore } from './store.js';
import type { DemoTracing } from './tracing.js';

export interface ServiceOptions {
  sandboxUrl: string;
  tokenId: string;
  signingSecret: string;
  vendor: string;
  store: ApplicationStore;
  /** Redis dedupe store when set (e.g. from REDIS_URL); memory otherwise. */
  redisUrl?: string | undefined;
  /** PostgreSQL (e.g. from DATABASE_URL): PostgresInbox, application rows written through ctx.db. Wins over redisUrl. */
  databaseUrl?: string | undefined;
  /** HOSTED_JOURNEY_TRACE=1: the client and the handler record to this provider; each event's ref is linked to its trace. */
  tracing?: DemoTracing | undefined;
}

/** Which store dedupes the demo's webhooks. */
export type DemoStoreKind = 'memory' | 'redis' | 'postgres';

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
    case 'consent.expiring':
      return `${String(d.days_left)} days left, until ${String(d.sharing_expires_at).slice(0, 10)}`;
    case 'consent.expired':
      return `${String(d.consent_id)} ended ${String(d.sharing_expires_at)}`;
    case 'consent.revoked':
      return `${String(d.consent_id)} by ${String(d.revoked_by)}`;
    case 'consent.renewed':
      return `${String(d.consent_id)} until ${String(d.sharing_expires_at)}`;
    case 'consent.denied':
      return d.renews ? `renewal of ${String(d.renews)} not approved` : `${String(d.consent_id)} denied`;
    default:
      return e.application_id ?? '';
  }
}

export function createService(o: ServiceOptions) {
  const telemetry = o.tracing ? { telemetry: { tracerProvider: o.tracing.provider } } : {};
  const client = createClient({
    baseUrl: o.sandboxUrl,
    tokenId: o.tokenId,
    signingSecret: o.signingSecret,
    ...telemetry,
  });
  const database: DemoDatabase | undefined = o.databaseUrl ? openDemoDatabase(o.databaseUrl) : undefined;
  const dedupe: (DedupeStore & { close?(): Promise<void> }) | undefined = database
    ? undefined
    : o.redisUrl
      ? new RedisDedupeStore({ url: o.redisUrl, prefix: `hj-demo:${randomUUID()}:` })
      : new MemoryDedupeStore();
  const storeKind: DemoStoreKind = database ? 'postgres' : o.redisUrl ? 'redis' : 'memory';
  const deliveries: DeliveryRecord[] = [];
  const processed: string[] = [];
  const deliveryListeners = new Set<(d: DeliveryRecord) => void>();
  let webhookId: string | undefined;

  const note = (e: WebhookEvent) => {
    processed.push(e.event_id);
    // The delivery's span is active here: the application's page draws the trace it joined.
    const span = trace.getActiveSpan();
    if (o.tracing && span?.isRecording()) o.tracing.traces.link(e.ref, span.spanContext().traceId);
    const app = o.store.ensure(e.ref);
    if (e.application_id) app.applicationId ??= e.application_id;
    const consentId = (e.data as { consent_id?: unknown } | undefined)?.consent_id;
    o.store.record(e.ref, {
      id: e.event_id,
      source: 'webhook',
      type: e.type,
      at: e.created_at,
      detail: describe(e),
      ...(typeof consentId === 'string' ? { consentId } : {}),
    });
  };

  const crawlCompleted = async (e: WebhookEvent) => {
    note(e);
    // A call to another API cannot join the transaction: its idempotency key makes a rerun of the event harmless.
    const res = await client.finalise({ vendor: e.vendor, ref: e.ref, idempotencyKey: `finalise-${e.event_id}` });
    o.store.record(e.ref, {
      id: `finalise-${e.event_id}`,
      source: 'server',
      type: 'finalise.called',
      at: new Date().toISOString(),
      detail: `finalise → ${res.status}`,
    });
  };
  const verify = { keys: [{ tokenId: o.tokenId, secret: o.signingSecret }] };
  const handler: WebhookHandler = database
    ? createWebhookHandler<PgClientLike>({
        verify,
        ...telemetry,
        store: database.inbox,
        on: {
          // The application row is written through ctx.db: it commits with the event's done-mark, or not at all.
          'crawl.completed': async (e, { db }) => {
            await writeApplication(db, e);
            await crawlCompleted(e);
          },
          '*': async (e, { db }) => {
            await writeApplication(db, e);
            note(e);
          },
        },
      })
    : createWebhookHandler({
        verify,
        ...telemetry,
        store: dedupe,
        on: { 'crawl.completed': crawlCompleted, '*': (e) => note(e) },
      });
  const counting: WebhookHandler = {
    catchUp: (o) => handler.catchUp(o),
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
      const record: DeliveryRecord = { eventId: r.eventId, type, outcome: r.outcome, status: r.status };
      deliveries.push(record);
      for (const listener of deliveryListeners) listener(record);
      return r;
    },
  };

  return {
    client,
    storeKind,
    /** The demo's PostgreSQL (pool, inbox) when `databaseUrl` is set. */
    database,
    /** Before the first delivery: creates the inbox table and demo_applications (with a database; else nothing). */
    async start(): Promise<void> {
      await database?.migrate();
    },
    /** node:http handler for `POST /webhooks`. */
    webhooks: toNodeHandler(counting),
    deliveries: () => [...deliveries],
    processed: () => [...processed],
    /** Calls `listener` with each delivery's outcome as the handler answers it; returns the way to stop. */
    onDelivery(listener: (d: DeliveryRecord) => void): () => void {
      deliveryListeners.add(listener);
      return () => deliveryListeners.delete(listener);
    },
    /** `handler.catchUp`: the events list from `since` through the same exactly-once path as a delivery. */
    catchUp: (since: string) => handler.catchUp({ client, since }),
    /** The receiver's id, as `registerWebhook` answered it (for its delivery log). */
    webhookId: () => webhookId,
    /** Registers `url` as a webhook receiver with the sandbox (`client.registerWebhook`, signed). */
    async registerWebhook(url: string): Promise<void> {
      webhookId = (await client.registerWebhook({ url })).webhook_id;
    },
    async close(): Promise<void> {
      await dedupe?.close?.();
      await database?.close();
    },
  };
}

export type Service = ReturnType<typeof createService>;
