// A webhook receiver process on a PostgresInbox for multi-process tests, forked by test/support/workers.ts.
// Env: DATABASE_URL; INBOX_TABLE (default hj_webhook_inbox); EFFECTS_TABLE (default effects: `event_id text, pid int`,
// created by the test, deliberately without a unique constraint so a double effect shows as two rows); HOLD_MS (the
// handler waits this long after writing its effect, before the commit; default 100); HOLD_FOR_RELEASE (an event id
// whose handler instead waits for the IPC message 'release'). Over IPC it sends `{ port }` once listening and
// `{ effect: eventId }` when an effect is written but not yet committed (a point to kill it at); the message 'stop'
// closes it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { PostgresInbox } from '../../src/server/stores/index.js';
import { createWebhookHandler, toNodeHandler } from '../../src/server/index.js';

const effects = process.env.EFFECTS_TABLE ?? 'effects';
const holdMs = Number(process.env.HOLD_MS ?? 100);
const releases: Array<() => void> = [];
const hold = (eventId: string): Promise<void> =>
  eventId === process.env.HOLD_FOR_RELEASE
    ? new Promise((r) => releases.push(r))
    : new Promise((r) => setTimeout(r, holdMs)); // widen the window in which the transaction is open
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: 10, connectionTimeoutMillis: 1000 });
pool.on('error', () => {}); // idle connections cut by a server shutdown; the next checkout reconnects
const inbox = new PostgresInbox({ pool, table: process.env.INBOX_TABLE });
const handler = createWebhookHandler({
  verify: { keys: [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }] },
  store: inbox,
  retryAfterSec: 1,
  on: {
    '*': async (event, { db }) => {
      await db.query(`INSERT INTO ${effects} (event_id, pid) VALUES ($1, $2)`, [event.event_id, process.pid]);
      process.send?.({ effect: event.event_id });
      await hold(event.event_id);
    },
  },
});
await inbox.migrate(); // as a production receiver would at start-up (safe from several processes at once)
const server = createServer(toNodeHandler(handler));
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on('message', (m) => {
  if (m === 'release') for (const release of releases.splice(0)) release();
  if (m === 'stop') server.close(() => void pool.end().finally(() => process.exit(0)));
});
