// PostgresInbox against a real PostgreSQL server (test/support/postgres.ts): the claim, the transaction shared with
// the handler (ctx.db), the answers, prune and the options. Multi-process and outage tests: webhook-postgres-*.test.ts.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgPoolLike, PostgresInbox } from '../../src/server/stores/index.js';
import type { WebhookErrorStage } from '../../src/server/types.js';
import { createWebhookHandler, isServerConfigError } from '../../src/server/index.js';
import { KEYS, deliver, event, inboxHandler } from '../support/deliveries.js';
import { type RunningPostgres, startPostgres } from '../support/postgres.js';

let server: RunningPostgres;
let pool: pg.Pool;
const sql = async (text: string, values?: unknown[]) => (await pool.query(text, values)).rows;

beforeAll(async () => {
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: server.url, max: 20 });
  pool.on('error', () => {}); // idle clients cut by a test's pg_terminate_backend
  await sql('CREATE TABLE effects (event_id text NOT NULL, note text)');
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await server?.destroy();
});

/** A fresh inbox table per test, so tests do not see each other's event ids. */
async function freshInbox(options: { pool?: PgPoolLike } = {}) {
  const table = `inbox_${Math.random().toString(36).slice(2, 10)}`;
  const inbox = new PostgresInbox({ pool: options.pool ?? pool, table });
  await inbox.migrate();
  return { inbox, table };
}
const effects = async (id: string) => (await sql('SELECT note FROM effects WHERE event_id = $1', [id])).length;
const row = async (table: string, id: string) =>
  (await sql(`SELECT done_at IS NOT NULL AS done FROM ${table} WHERE event_id = $1`, [id]))[0] as
    | { done: boolean }
    | undefined;
const errorsOf = () => {
  const seen: { stage: WebhookErrorStage; error: unknown }[] = [];
  return { seen, onError: (error: unknown, { stage }: { stage: WebhookErrorStage }) => seen.push({ stage, error }) };
};

describe('PostgresInbox.migrate', () => {
  it('creates the table and its index; again, or from several callers at once, changes nothing', async () => {
    const table = `inbox_m${Date.now()}`;
    const inbox = new PostgresInbox({ pool, table });
    await Promise.all([inbox.migrate(), inbox.migrate(), new PostgresInbox({ pool, table }).migrate()]);
    await inbox.migrate();
    const columns = await sql(
      'SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = $1 ORDER BY 1',
      [table],
    );
    expect(columns).toEqual([
      { column_name: 'done_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'event_id', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'received_at', data_type: 'timestamp with time zone', is_nullable: 'NO' },
    ]);
    const indexes = (await sql('SELECT indexname FROM pg_indexes WHERE tablename = $1 ORDER BY 1', [table])).map(
      (r) => r.indexname,
    );
    expect(indexes).toEqual([`${table}_done_at`, `${table}_pkey`]);
    expect(PostgresInbox.schema(table)).toContain(`CREATE TABLE IF NOT EXISTS "${table}"`);
  });

  it('a schema-qualified name and a reserved word work (names are quoted)', async () => {
    await sql('CREATE SCHEMA IF NOT EXISTS hooks');
    for (const table of ['hooks.inbox', 'user']) {
      const inbox = new PostgresInbox({ pool, table });
      await inbox.migrate();
      const handler = createWebhookHandler({ verify: { keys: KEYS }, store: inbox, on: { '*': () => {} } });
      expect((await deliver(handler, event(`evt_${table}`))).status).toBe(200);
      expect((await deliver(handler, event(`evt_${table}`))).json.status).toBe('duplicate');
    }
    expect(await sql('SELECT count(*)::int AS n FROM hooks.inbox')).toEqual([{ n: 1 }]);
  });
});

describe('createWebhookHandler with a PostgresInbox', () => {
  it('the effect written through ctx.db and the done-mark commit together → 200', async () => {
    const { inbox, table } = await freshInbox();
    let seenInside: unknown;
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store: inbox,
      on: {
        '*': async (e, ctx) => {
          await ctx.db.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [e.event_id, 'ok']);
          // Inside the open transaction: another connection does not see the effect yet.
          seenInside = await effects(e.event_id);
          expect(ctx.signal.aborted).toBe(false);
        },
      },
    });
    const r = await deliver(handler, event('evt_commit'));
    expect([r.status, r.json.status]).toEqual([200, 'processed']);
    expect(seenInside).toBe(0);
    expect(await effects('evt_commit')).toBe(1);
    expect(await row(table, 'evt_commit')).toEqual({ done: true });
  });

  it('the handler throws → 500, effect and claim both rolled back; the retry runs once', async () => {
    const { inbox, table } = await freshInbox();
    const { seen, onError } = errorsOf();
    let runs = 0;
    const handler = inboxHandler(
      inbox,
      async (e, { db }) => {
        runs++;
        await db.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [e.event_id, `run ${runs}`]);
        if (runs === 1) throw new Error('boom');
      },
      { onError },
    );
    const first = await deliver(handler, event('evt_throw'));
    expect([first.status, first.json.error?.code]).toEqual([500, 'HANDLER_FAILED']);
    expect(seen.map((s) => s.stage)).toEqual(['handler']);
    expect(await effects('evt_throw')).toBe(0);
    expect(await row(table, 'evt_throw')).toBeUndefined(); // the claim's row went with the transaction
    const retry = await deliver(handler, event('evt_throw'));
    expect([retry.status, retry.json.status]).toEqual([200, 'processed']);
    expect((await deliver(handler, event('evt_throw'))).json.status).toBe('duplicate');
    expect(runs).toBe(2);
    expect(await sql("SELECT note FROM effects WHERE event_id = 'evt_throw'")).toEqual([{ note: 'run 2' }]);
  });

  it('a duplicate of a done event → 200 duplicate from one round trip, without running the handler', async () => {
    let queries = 0;
    const wrappers = new WeakMap<object, Awaited<ReturnType<PgPoolLike['connect']>>>();
    const counting: PgPoolLike = {
      async connect() {
        const c = await pool.connect();
        // One wrapper per pooled connection, as node-postgres hands out the same client object each time.
        const known = wrappers.get(c);
        if (known) return known;
        const wrapper = {
          query: (t: string, v?: unknown[]) => {
            if (!t.startsWith('PREPARE')) queries++; // once per connection, not per delivery
            return c.query(t, v);
          },
          release: (destroy?: Error | boolean) => c.release(destroy),
          on: (name: 'error', fn: (e: Error) => void) => c.on(name, fn),
          removeListener: (name: 'error', fn: (e: Error) => void) => c.removeListener(name, fn),
        };
        wrappers.set(c, wrapper);
        return wrapper;
      },
    };
    const { inbox } = await freshInbox({ pool: counting });
    let runs = 0;
    const handler = createWebhookHandler({ verify: { keys: KEYS }, store: inbox, on: { '*': () => void runs++ } });
    expect((await deliver(handler, event('evt_dup'))).json.status).toBe('processed');
    queries = 0;
    const again = await deliver(handler, event('evt_dup'));
    expect([again.status, again.json.status, runs]).toEqual([200, 'duplicate', 1]);
    // The claim message (BEGIN, lock, lookup), then a ROLLBACK the answer does not wait for.
    expect(queries).toBe(2);
  });

  it('a concurrent duplicate answers 409 at once, while the first transaction is still open', async () => {
    const { inbox } = await freshInbox();
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let runs = 0;
    let firstPid = 0;
    const handler = inboxHandler(
      inbox,
      async (e, { db }) => {
        runs++;
        await db.query('INSERT INTO effects (event_id) VALUES ($1)', [e.event_id]);
        firstPid = (await db.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
        entered();
        await blocked;
      },
      { retryAfterSec: 2 },
    );
    const first = deliver(handler, event('evt_busy'));
    await inside;
    const t0 = performance.now();
    const second = await deliver(handler, event('evt_busy'));
    const took = performance.now() - t0;
    expect([second.status, second.json.error?.code, second.headers['retry-after']]).toEqual([409, 'IN_FLIGHT', '2']);
    // Answered while the first transaction is open (waiting for it would hang this test until release() below),
    // and promptly: a few round trips, not a lock wait (generous bound for a loaded CI machine).
    expect(took).toBeLessThan(3000);
    // The first one's transaction, still open while the duplicate was answered. Asked by its backend pid: counting
    // every 'idle in transaction' also caught the duplicate's own claim, whose ROLLBACK the 409 does not wait for
    // (stop 42's CI saw 2).
    const open = await sql('SELECT state FROM pg_stat_activity WHERE pid = $1', [firstPid]);
    expect(open).toEqual([{ state: 'idle in transaction' }]);
    release();
    expect((await first).json.status).toBe('processed');
    expect((await deliver(handler, event('evt_busy'))).json.status).toBe('duplicate');
    expect([runs, await effects('evt_busy')]).toEqual([1, 1]);
  });

  it('an event type without a handler is acknowledged (ignored) and marked done', async () => {
    const { inbox, table } = await freshInbox();
    const handler = createWebhookHandler({ verify: { keys: KEYS }, store: inbox, on: { 'crawl.completed': () => {} } });
    expect((await deliver(handler, event('evt_ign'))).json.status).toBe('ignored');
    expect(await row(table, 'evt_ign')).toEqual({ done: true });
    expect((await deliver(handler, event('evt_ign'))).json.status).toBe('duplicate');
  });

  it('connection lost while the handler runs → ctx.signal aborts, 503, nothing committed; the retry runs', async () => {
    const { inbox, table } = await freshInbox();
    const { seen, onError } = errorsOf();
    let runs = 0;
    const handler = inboxHandler(
      inbox,
      async (e, { db, signal }) => {
        runs++;
        await db.query('INSERT INTO effects (event_id) VALUES ($1)', [e.event_id]);
        if (runs > 1) return;
        const [{ pid }] = (await db.query('SELECT pg_backend_pid() AS pid')).rows;
        await sql('SELECT pg_terminate_backend($1)', [pid]);
        if (!signal.aborted) await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
        throw signal.reason;
      },
      { onError },
    );
    const r = await deliver(handler, event('evt_cut'));
    expect([r.status, r.json.error?.code, r.headers['retry-after']]).toEqual([503, 'STORE_UNAVAILABLE', '5']);
    expect(seen.map((s) => s.stage)).toEqual(['handler', 'store']);
    expect(await effects('evt_cut')).toBe(0);
    expect(await row(table, 'evt_cut')).toBeUndefined(); // the claim's row went with the transaction
    expect((await deliver(handler, event('evt_cut'))).json.status).toBe('processed');
    expect(await effects('evt_cut')).toBe(1);
  });

  it('a row found not done is marked; an event another delivery marked done meanwhile → the mark fails, 200 duplicate, nothing twice', async () => {
    const { inbox, table } = await freshInbox();
    await sql(`INSERT INTO ${table} (event_id) VALUES ('evt_legacy'), ('evt_raced_upd')`); // claims never marked done
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    const inside = new Map<string, () => void>();
    const entered = (id: string) => new Promise<void>((r) => inside.set(id, r));
    const handler = inboxHandler(inbox, async (e, { db }) => {
      await db.query('INSERT INTO effects (event_id) VALUES ($1)', [e.event_id]);
      if (e.event_id === 'evt_legacy') return;
      inside.get(e.event_id)?.();
      await blocked;
    });
    expect((await deliver(handler, event('evt_legacy'))).json.status).toBe('processed');
    expect([await row(table, 'evt_legacy'), await effects('evt_legacy')]).toEqual([{ done: true }, 1]);
    // Another delivery commits the event done between this one's lookup and its done-mark: over a row left not
    // done, and as a new row (its claim's snapshot, taken before the lock, did not see it).
    const ids = ['evt_raced_upd', 'evt_raced_ins'];
    const inHandlers = ids.map(entered);
    const raced = ids.map((id) => deliver(handler, event(id)));
    await Promise.all(inHandlers);
    await sql(`UPDATE ${table} SET done_at = now() WHERE event_id = 'evt_raced_upd'`);
    await sql(`INSERT INTO ${table} (event_id, done_at) VALUES ('evt_raced_ins', now())`);
    release();
    for (const [i, id] of ids.entries()) {
      // Its done-mark fails, its writes roll back, and a new claim finds the event done: a duplicate, not an error.
      const answer = await raced[i]!;
      expect([answer.status, answer.json.status]).toEqual([200, 'duplicate']);
      expect(await effects(id)).toBe(0); // rolled back: the event was done by the other
      expect((await deliver(handler, event(id))).json.status).toBe('duplicate');
    }
  });

  it('PostgreSQL unreachable → 503 STORE_UNAVAILABLE + Retry-After, the handler does not run', async () => {
    const dead = new pg.Pool({ connectionString: 'postgres://app@127.0.0.1:1/app', connectionTimeoutMillis: 1000 });
    const { seen, onError } = errorsOf();
    let runs = 0;
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store: new PostgresInbox({ pool: dead }),
      onError,
      on: { '*': () => void runs++ },
    });
    const r = await deliver(handler, event('evt_down'));
    expect([r.status, r.json.error?.code, r.headers['retry-after'], runs]).toEqual([503, 'STORE_UNAVAILABLE', '5', 0]);
    expect(seen.map((s) => s.stage)).toEqual(['store']);
    await dead.end();
  });
});

describe("PostgresInbox and the handler's session", () => {
  /** A pool of one connection: each delivery reuses the previous delivery's session. */
  const onePool = () => {
    const p = new pg.Pool({ connectionString: server.url, max: 1 });
    p.on('error', () => {});
    return p;
  };

  it('a handler that runs SET LOCAL search_path TO tenant_a (with its own table of that name) → 200, then duplicate', async () => {
    const { inbox, table } = await freshInbox();
    await sql('CREATE SCHEMA IF NOT EXISTS tenant_a');
    // The tenant's schema has a table with the inbox's name and a now() of its own: neither may be used.
    await sql(
      `CREATE TABLE tenant_a.${table} (event_id text PRIMARY KEY, received_at timestamptz, done_at timestamptz)`,
    );
    await sql(
      "CREATE OR REPLACE FUNCTION tenant_a.now() RETURNS timestamptz LANGUAGE sql AS $$ SELECT 'epoch'::timestamptz $$",
    );
    let runs = 0;
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store: inbox,
      on: {
        '*': async (e, { db }) => {
          runs++;
          await db.query('SET LOCAL search_path TO tenant_a, pg_catalog');
          await db.query('INSERT INTO public.effects (event_id, note) VALUES ($1, $2)', [e.event_id, 'tenant']);
        },
      },
    });
    const r = await deliver(handler, event('evt_tenant'));
    expect([r.status, r.json.status]).toEqual([200, 'processed']);
    expect((await deliver(handler, event('evt_tenant'))).json.status).toBe('duplicate');
    expect(runs).toBe(1);
    expect(await effects('evt_tenant')).toBe(1);
    expect(await row(table, 'evt_tenant')).toEqual({ done: true });
    expect(await sql(`SELECT done_at > now() - interval '1 hour' AS recent FROM ${table}`)).toEqual([{ recent: true }]);
    expect(await sql(`SELECT count(*)::int AS n FROM tenant_a.${table}`)).toEqual([{ n: 0 }]);
  });

  it('a session-wide SET search_path left by one handler does not break the next delivery on that connection', async () => {
    const one = onePool();
    const table = `inbox_${Math.random().toString(36).slice(2, 10)}`;
    const inbox = new PostgresInbox({ pool: one, table });
    await inbox.migrate();
    await sql('CREATE SCHEMA IF NOT EXISTS tenant_b');
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store: inbox,
      on: { '*': async (_e, { db }) => void (await db.query('SET search_path TO tenant_b')) },
    });
    for (const id of ['evt_sess1', 'evt_sess2', 'evt_sess1']) {
      const r = await deliver(handler, event(id));
      expect(r.status).toBe(200);
    }
    expect(await sql(`SELECT event_id FROM ${table} WHERE done_at IS NOT NULL ORDER BY 1`)).toEqual([
      { event_id: 'evt_sess1' },
      { event_id: 'evt_sess2' },
    ]);
    await one.end();
  });

  it('a handler that runs DEALLOCATE ALL: the next delivery on that connection prepares the claim again', async () => {
    const one = onePool();
    const table = `inbox_${Math.random().toString(36).slice(2, 10)}`;
    const inbox = new PostgresInbox({ pool: one, table });
    await inbox.migrate();
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store: inbox,
      on: {
        '*': async (e, { db }) => {
          if (e.event_id === 'evt_dealloc') await db.query('DEALLOCATE ALL');
        },
      },
    });
    for (const id of ['evt_dealloc', 'evt_after', 'evt_dealloc'])
      expect((await deliver(handler, event(id))).status).toBe(200);
    expect((await deliver(handler, event('evt_after'))).json.status).toBe('duplicate');
    const { rows } = await one.query('SELECT count(*)::int AS n FROM pg_prepared_statements');
    expect(rows).toEqual([{ n: 2 }]); // the claim and the done-mark
    await one.end();
  });

  it('two inboxes on one table and one connection: the second finds the statements prepared, or the one missing', async () => {
    const one = onePool();
    const table = `inbox_${Math.random().toString(36).slice(2, 10)}`;
    const make = () =>
      createWebhookHandler({
        verify: { keys: KEYS },
        store: new PostgresInbox({ pool: one, table }),
        on: { '*': () => {} },
      });
    await new PostgresInbox({ pool: one, table }).migrate();
    expect((await deliver(make(), event('evt_two_a'))).json.status).toBe('processed');
    // Both statements are there: a second inbox treats the name it already finds as prepared.
    expect((await deliver(make(), event('evt_two_b'))).json.status).toBe('processed');
    // Only the claim is there (the done-mark dropped outside any delivery): a third inbox prepares just that.
    const names = (await one.query("SELECT name FROM pg_prepared_statements WHERE name LIKE 'hj_inbox_commit_%'")).rows;
    await one.query(`DEALLOCATE ${names[0].name}`);
    expect((await deliver(make(), event('evt_two_c'))).json.status).toBe('processed');
    const { rows } = await one.query('SELECT count(*)::int AS n FROM pg_prepared_statements');
    expect(rows).toEqual([{ n: 2 }]);
    await one.end();
  });

  it('two tables whose names collided in a 32-bit statement name (inbox_orj9pom8, inbox_6rvddroq) on one connection: each claims in its own', async () => {
    const one = onePool();
    const tenants = ['public.inbox_orj9pom8', 'public.inbox_6rvddroq'];
    const handlers = [];
    for (const table of tenants) {
      const inbox = new PostgresInbox({ pool: one, table });
      await inbox.migrate();
      handlers.push(
        createWebhookHandler({
          verify: { keys: KEYS },
          store: inbox,
          on: {
            '*': async (e, { db }) =>
              void (await db.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [e.event_id, table])),
          },
        }),
      );
    }
    for (const handler of handlers)
      expect((await deliver(handler, event('evt_collide'))).json.status).toBe('processed');
    for (const handler of handlers)
      expect((await deliver(handler, event('evt_collide'))).json.status).toBe('duplicate');
    for (const table of tenants)
      expect(await sql(`SELECT event_id FROM ${table} WHERE done_at IS NOT NULL`)).toEqual([
        { event_id: 'evt_collide' },
      ]);
    expect(await sql("SELECT note FROM effects WHERE event_id = 'evt_collide' ORDER BY note")).toEqual([
      { note: 'public.inbox_6rvddroq' },
      { note: 'public.inbox_orj9pom8' },
    ]);
    // A claim and a done-mark per table.
    const { rows } = await one.query('SELECT count(*)::int AS n FROM pg_prepared_statements');
    expect(rows).toEqual([{ n: 4 }]);
    await one.end();
  });

  it('ctx.db refuses every query once its handler settled: a write not awaited never joins the next delivery', async () => {
    const one = onePool();
    const table = `inbox_${Math.random().toString(36).slice(2, 10)}`;
    const inbox = new PostgresInbox<pg.PoolClient>({ pool: one, table });
    await inbox.migrate();
    const refused: unknown[] = [];
    let nextOpen!: () => void;
    const nextDeliveryOpen = new Promise<void>((r) => (nextOpen = r));
    let answered!: () => void;
    const bothAnswered = new Promise<void>((r) => (answered = r));
    const answer = (x: unknown) => {
      refused.push(x);
      if (refused.length === 2) answered();
    };
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store: inbox,
      on: {
        '*': async (e, { db }) => {
          // The next delivery on the same connection: its transaction is open while the late writes are attempted.
          if (e.event_id === 'evt_ff2') {
            nextOpen();
            await bothAnswered;
            return;
          }
          // Not awaited: attempted after this handler settled, once the next delivery's transaction is open.
          void nextDeliveryOpen.then(() => {
            db.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [e.event_id, 'late']).then(
              () => answer(new Error('the late write ran')),
              answer,
            );
            db.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [e.event_id, 'late cb'], (x: unknown) =>
              answer(x ?? new Error('the late write ran')),
            );
          });
        },
      },
    });
    expect((await deliver(handler, event('evt_ff1'))).status).toBe(200);
    expect((await deliver(handler, event('evt_ff2'))).status).toBe(200);
    expect(refused).toHaveLength(2);
    for (const e of refused) {
      expect((e as { code?: string }).code).toBe('INBOX_TRANSACTION_ENDED');
      expect((e as Error).message).toMatch(/ctx\.db of event "evt_ff1" was queried after its handler settled/);
    }
    expect(await effects('evt_ff1')).toBe(0);
    await one.end();
  });
});

describe("PostgresInbox commit: the done-mark goes only inside the claim's transaction", () => {
  type Db = pg.PoolClient;
  /**
   * A pool of its own (its clients are changed: a shared pool's would carry the change into other tests), its
   * clients' query texts recorded (what the inbox and the handler sent, in order).
   */
  function recordingPool() {
    const sent: string[] = [];
    const own = new pg.Pool({ connectionString: server.url, max: 2 });
    own.on('error', () => {});
    const spied = new WeakSet<object>();
    const wrapped: PgPoolLike<Db> = {
      async connect() {
        const c = await own.connect();
        if (spied.has(c)) return c;
        spied.add(c);
        const query = c.query.bind(c) as (...a: unknown[]) => unknown;
        (c as unknown as { query: unknown }).query = (...a: unknown[]) => {
          sent.push(typeof a[0] === 'string' ? a[0] : String((a[0] as { text?: string }).text));
          return query(...a);
        };
        return c;
      },
    };
    return { sent, pool: wrapped, end: () => own.end() };
  }
  const effectBy = (db: Db, id: string, note: string) =>
    db.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [id, note]);

  it('a handler that only writes: the commit is the session reset, the prepared done-mark and COMMIT, one message', async () => {
    const rec = recordingPool();
    const { inbox } = await freshInbox({ pool: rec.pool });
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store: inbox,
      on: { '*': async (e, { db }) => void (await effectBy(db as Db, e.event_id, 'w')) },
    });
    expect((await deliver(handler, event('evt_checked'))).json.status).toBe('processed');
    expect(rec.sent.at(-1)).toMatch(
      /^SET SESSION AUTHORIZATION app; RESET ALL; .*; DISCARD SEQUENCES; EXECUTE hj_inbox_commit_[0-9a-f]+\('evt_checked', '\d+'\); COMMIT$/,
    );
    expect(await effects('evt_checked')).toBe(1);
    await rec.end();
  });

  // docs/server.md's table "A handler that ends its own transaction", a row each. On its first run the handler writes
  // 'before' through ctx.db, ends (or replaces) the claim's transaction, then, where it can, writes 'after'. Whatever
  // it did, the delivery is not 200 and the event is not marked done, so the retry runs the handler again; what the
  // first run's two writes became is the row's.
  type Fate = 'committed' | 'rolled back';
  type Way = { name: string; end: (db: Db) => Promise<unknown>; before: Fate; after: Fate | 'not written' };
  const query = (statement: string) => (db: Db) => db.query(statement);
  const inTurn = (first: string, then: string) => async (db: Db) => {
    await db.query(first);
    await db.query(then);
  };
  const ways: Way[] = (
    [
      ['COMMIT', query('COMMIT'), 'committed', 'committed'],
      ['COMMIT AND CHAIN', query('COMMIT AND CHAIN'), 'committed', 'rolled back'],
      ['COMMIT; BEGIN in one message', query('COMMIT; BEGIN'), 'committed', 'rolled back'],
      ['COMMIT, then BEGIN', inTurn('COMMIT', 'BEGIN'), 'committed', 'rolled back'],
      ['ROLLBACK', query('ROLLBACK'), 'rolled back', 'committed'],
      ['ROLLBACK AND CHAIN', query('ROLLBACK AND CHAIN'), 'rolled back', 'rolled back'],
      ['ROLLBACK; BEGIN in one message', query('ROLLBACK; BEGIN'), 'rolled back', 'rolled back'],
      ['ROLLBACK, then BEGIN', inTurn('ROLLBACK', 'BEGIN'), 'rolled back', 'rolled back'],
      [
        'ROLLBACK by callback',
        (db) =>
          new Promise((resolve, reject) => db.query('ROLLBACK', (e: Error | null) => (e ? reject(e) : resolve(0)))),
        'rolled back',
        'committed',
      ],
      ['ROLLBACK not awaited', async (db) => void db.query('ROLLBACK'), 'rolled back', 'committed'],
      [
        'a failed statement caught by the handler',
        (db) => db.query('SELECT 1/0').catch(() => {}),
        'rolled back',
        'not written',
      ],
    ] satisfies [string, Way['end'], Fate, Way['after']][]
  ).map(([name, end, before, after]) => ({ name, end, before, after }));
  for (const way of ways) {
    it(`a handler that runs ${way.name} → 503, not marked done, 'before' ${way.before}, 'after' ${way.after}; the retry runs it`, async () => {
      const { inbox, table } = await freshInbox();
      const id = `evt_end_${way.name.replace(/\W+/g, '_')}`;
      let runs = 0;
      const handler = inboxHandler(inbox, async (e, { db }) => {
        const d = db as Db;
        const run = ++runs;
        await effectBy(d, e.event_id, `run ${run} before`);
        if (run > 1) return;
        await way.end(d);
        if (way.after !== 'not written') await effectBy(d, e.event_id, 'run 1 after');
      });
      const first = await deliver(handler, event(id));
      expect([first.status, first.json.error?.code]).toEqual([503, 'STORE_UNAVAILABLE']);
      expect(await row(table, id)).toBeUndefined();
      const kept = [
        ...(way.before === 'committed' ? ['run 1 before'] : []),
        ...(way.after === 'committed' ? ['run 1 after'] : []),
      ].sort();
      const notes = async () =>
        (await sql('SELECT note FROM effects WHERE event_id = $1 ORDER BY note', [id])).map((r) => r.note);
      expect(await notes()).toEqual(kept);
      expect((await deliver(handler, event(id))).json.status).toBe('processed');
      expect(await notes()).toEqual([...kept, 'run 2 before'].sort());
      expect(await row(table, id)).toEqual({ done: true });
      expect((await deliver(handler, event(id))).json.status).toBe('duplicate');
      expect(runs).toBe(2);
    });
  }

  it('SAVEPOINT and ROLLBACK TO inside the handler: 200, only what was kept commits', async () => {
    const { inbox, table } = await freshInbox();
    const handler = createWebhookHandler({
      verify: { keys: KEYS },
      store: inbox,
      on: {
        '*': async (e, { db }) => {
          const d = db as Db;
          await effectBy(d, e.event_id, 'kept');
          await d.query('SAVEPOINT s');
          await effectBy(d, e.event_id, 'undone');
          await d.query('ROLLBACK TO SAVEPOINT s');
        },
      },
    });
    expect((await deliver(handler, event('evt_savepoint'))).json.status).toBe('processed');
    expect(await sql('SELECT note FROM effects WHERE event_id = $1', ['evt_savepoint'])).toEqual([{ note: 'kept' }]);
    expect(await row(table, 'evt_savepoint')).toEqual({ done: true });
  });
});

describe('PostgresInbox event ids in SQL text', () => {
  // BEGIN + lock and mark + COMMIT travel as one simple-protocol message each, with the id as an escaped literal
  // (no parameters there): an id made to break out of the literal must stay an id.
  it('ids with quotes, backslashes and SQL are claimed, completed and deduplicated as plain ids; NUL is refused', async () => {
    const { inbox, table } = await freshInbox();
    const ids = [
      "evt_'; DROP TABLE effects; --",
      "evt_\\'; DELETE FROM effects; --",
      "evt_\\' OR '1'='1",
      'evt_$$; SELECT 1; $$',
      'evt_é_☃',
    ];
    for (const id of ids) {
      const t = await inbox.begin(id);
      if (typeof t !== 'object') throw new Error(`expected a transaction for ${id}, got ${t}`);
      await t.db.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [id, 'literal']);
      await t.commit();
      expect(await inbox.begin(id)).toBe('done');
      expect(await row(table, id)).toEqual({ done: true });
      expect(await effects(id)).toBe(1);
    }
    expect((await sql(`SELECT count(*)::int AS n FROM ${table}`))[0]).toEqual({ n: ids.length });
    // PostgreSQL's text cannot hold NUL: refused (by the server, at the claim) rather than cut short.
    await expect(inbox.begin('evt_\0nul')).rejects.toThrow();
  });
});

describe('PostgresInbox.prune', () => {
  it('deletes done rows and abandoned claims older than olderThan, returns the count, skips a locked row', async () => {
    const { inbox, table } = await freshInbox();
    const handler = createWebhookHandler({ verify: { keys: KEYS }, store: inbox, on: { '*': () => {} } });
    for (const id of ['old1', 'old2', 'new1']) await deliver(handler, event(id));
    await sql(`INSERT INTO ${table} (event_id, received_at) VALUES ('stale', now() - interval '10 days')`);
    await sql(`INSERT INTO ${table} (event_id, received_at) VALUES ('held', now() - interval '10 days')`);
    await sql(`UPDATE ${table} SET done_at = now() - interval '8 days' WHERE event_id IN ('old1', 'old2')`);
    const holder = await inbox.begin('held'); // a delivery of 'held' is running
    if (typeof holder === 'string') throw new Error(`'held' not claimed: ${holder}`);
    const t0 = performance.now();
    expect(await inbox.prune({ olderThan: 7 * 24 * 3600_000 })).toBe(3);
    expect(performance.now() - t0).toBeLessThan(3000); // did not wait for the held row (that would hang: see below)
    await holder.rollback();
    const left = (await sql(`SELECT event_id FROM ${table} ORDER BY 1`)).map((r) => r.event_id);
    expect(left).toEqual(['held', 'new1']);
    expect(await inbox.prune({ olderThan: 7 * 24 * 3600_000 })).toBe(1); // 'held', once free
    // A pruned event is forgotten: its redelivery runs again (hence: keep olderThan above the retry window).
    expect((await deliver(handler, event('old1'))).json.status).toBe('processed');
  });

  it('olderThan must be a finite number of milliseconds from one hour to 100 years', async () => {
    const inbox = new PostgresInbox({ pool });
    // 2_592_000 is 30 days written in seconds: 43 minutes as milliseconds, which would prune what is still retried.
    for (const olderThan of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 30, 2_592_000, 1e300, '7d', undefined]) {
      const e = await inbox.prune({ olderThan: olderThan as number }).catch((x: unknown) => x);
      expect(isServerConfigError(e) && e.field).toBe('olderThan');
    }
  });
});

describe('PostgresInbox options', () => {
  it('a table name that is not a plain identifier → ServerConfigError (field "table") before any SQL', () => {
    const bad = ['Inbox', 'in-box', 'a;drop table effects', '"x"', 'a.b.c', '', '.x', '1abc', 'x'.repeat(56), 7];
    for (const table of bad) {
      let error: unknown;
      try {
        new PostgresInbox({ pool, table: table as string });
      } catch (e) {
        error = e;
      }
      expect(isServerConfigError(error) && error.field, String(table)).toBe('table');
    }
    expect(() => PostgresInbox.schema('x y')).toThrow(/lower-case identifier/);
  });

  it('no pool → ServerConfigError (field "pool")', () => {
    let error: unknown;
    try {
      new PostgresInbox({} as never);
    } catch (e) {
      error = e;
    }
    expect(isServerConfigError(error) && error.field).toBe('pool');
  });
});
