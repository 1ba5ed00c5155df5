// Kill-test receiver, PostgreSQL variant: PostgresInbox on DATABASE_URL (its table migrated by the test), and the
// effect written through ctx.db — INSERT of (event id, pid) into EFFECTS_TABLE (default kill_effects, no unique
// constraint, so a double effect would show as two rows) inside the delivery's transaction: it commits with the
// done-mark or not at all.
import pg from 'pg';
import { type PgClientLike, PostgresInbox } from '../../../src/server/stores/index.js';
import type { KillReceiverFactory } from '../kill-receiver.js';

const factory: KillReceiverFactory<PgClientLike> = async (env) => {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL!, max: 4, connectionTimeoutMillis: 2000 });
  pool.on('error', () => {}); // an idle connection cut by the server; the next checkout reconnects
  const table = env.EFFECTS_TABLE ?? 'kill_effects';
  return {
    store: new PostgresInbox({ pool }),
    effect: async (event, { db }) =>
      void (await db.query(`INSERT INTO ${table} (event_id, pid) VALUES ($1, $2)`, [event.event_id, process.pid])),
  };
};
export default factory;
