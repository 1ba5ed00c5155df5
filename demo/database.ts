/**
 * The demo's PostgreSQL mode (DATABASE_URL set): webhooks are deduplicated by a `PostgresInbox`, and each event's
 * effect on Lendly's application records is written through `ctx.db`, inside the delivery's transaction — so it
 * commits together with the event's done-mark, or not at all. Without DATABASE_URL the demo keeps everything in memory.
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import pg from 'pg';
import { type PgClientLike, PostgresInbox } from '../src/server/stores/index.js';
import type { WebhookEvent } from '../src/server/index.js';

/** Lendly's application records: one row per customer ref, updated by each webhook event. */
export const APPLICATIONS_SCHEMA = `CREATE TABLE IF NOT EXISTS demo_applications (
  ref text PRIMARY KEY,
  application_id text,
  last_event_type text NOT NULL,
  last_event_id text NOT NULL,
  webhook_events integer NOT NULL,
  report_ready boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * The application row's update for one event. Deliberately not idempotent (`webhook_events + 1`): a second run of the
 * same event would show as a count one too high, so the inbox's exactly-once is visible in the row.
 */
export async function writeApplication(db: PgClientLike, e: WebhookEvent): Promise<void> {
  // What @opentelemetry/instrumentation-pg records for each query, made by hand here so the demo needs no more
  // packages: a span inside the delivery's span (HOSTED_JOURNEY_TRACE=1 prints it; without an SDK it costs nothing).
  await tracer.startActiveSpan(
    'UPSERT demo_applications',
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': 'UPSERT',
        'db.collection.name': 'demo_applications',
      },
    },
    async (span) => {
      try {
        await upsert(db, e);
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

const tracer = trace.getTracer('lendly-demo');

async function upsert(db: PgClientLike, e: WebhookEvent): Promise<void> {
  await db.query(
    `INSERT INTO demo_applications AS a (ref, application_id, last_event_type, last_event_id, webhook_events,
       report_ready)
     VALUES ($1, $2, $3, $4, 1, $5)
     ON CONFLICT (ref) DO UPDATE SET application_id = coalesce(a.application_id, excluded.application_id),
       last_event_type = excluded.last_event_type, last_event_id = excluded.last_event_id,
       webhook_events = a.webhook_events + 1, report_ready = a.report_ready OR excluded.report_ready, updated_at = now()`,
    [e.ref, e.application_id ?? null, e.type, e.event_id, e.type === 'application.report_ready'],
  );
}

export interface DemoDatabase {
  pool: pg.Pool;
  inbox: PostgresInbox;
  /** Creates the inbox table and demo_applications if missing (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export function openDemoDatabase(url: string): DemoDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: 2_000, // an unreachable database becomes a 503 (the sandbox retries), not a hung delivery
    idle_in_transaction_session_timeout: 120_000,
  });
  pool.on('error', (e) => console.warn('demo: idle PostgreSQL connection lost:', e.message));
  const inbox = new PostgresInbox({ pool });
  return {
    pool,
    inbox,
    async migrate() {
      await inbox.migrate();
      await pool.query(APPLICATIONS_SCHEMA);
    },
    close: () => pool.end(),
  };
}
