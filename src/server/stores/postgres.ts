/**
 * PostgreSQL transactional inbox (node-postgres ≥ 8). Each delivery runs in one transaction on one pool client; the
 * handler writes its effects through that client and the done-mark is written in the same transaction, so both commit
 * or neither does. Nothing is imported from 'pg' at runtime: the integrator passes their own Pool.
 *
 * A new event costs two round trips besides the handler's own (postgres-sql.ts has the statements):
 *   1. `BEGIN; EXECUTE` of the claim (`SELECT CASE WHEN EXISTS (…done…) THEN 'd' WHEN NOT pg_try_advisory_xact_lock(…)
 *      …`, prepared once per connection), one simple-protocol message: the lookup says whether the event is done; if
 *      not, the advisory lock is the claim, taken at once or not at all (held by another delivery → 'in_flight', 409,
 *      without waiting). It writes nothing, and answers the transaction's id.
 *   2. The session's reset, `EXECUTE` of the prepared done-mark, then `COMMIT`, one message: the reset gives the
 *      session back as the inbox first found it on this connection, whatever the handler SET (postgres-session.ts);
 *      the mark inserts the event's row done only while this is still the claim's transaction (the id compared),
 *      and fails, skipping the COMMIT, unless it marked exactly one row. So a handler's own COMMIT or ROLLBACK
 *      through ctx.db never leaves the event marked done: the delivery answers 503 and the retry runs it again.
 * A handler that throws: its ROLLBACK and the reset, one message. A done event is the first message and a ROLLBACK
 * sent without waiting for its answer. A connection's first delivery prepares the statements, and its first delivery
 * that runs a handler reads the session's settings, once.
 * No lease: the lock lasts exactly as long as the transaction, and PostgreSQL ends the transaction when its connection
 * dies, so a crashed process frees the event as soon as the server notices the connection is gone.
 */
import { ServerConfigError, StoreConnectionError } from '../errors.js';
import { numberIn } from '../options.js';
import { addressOf, connectTimeoutOption, reason, withDeadline } from './connect.js';
import { type Ended, LostConnection, fenced } from './postgres-fence.js';
import { SessionResets } from './postgres-session.js';
import {
  ALREADY_PREPARED,
  DIVISION_BY_ZERO,
  NO_SUCH_STATEMENT,
  RESOLVE,
  type ClaimState,
  type Statements,
  checkpointTable,
  quoted,
  schema,
  statements,
} from './postgres-sql.js';
import type { CheckpointStore, InboxStore, InboxTransaction } from './types.js';

/** The part of a node-postgres client the handler gives your code as `ctx.db` by default. */
export interface PgClientLike {
  // biome-ignore lint/suspicious/noExplicitAny: rows are whatever your query selects, as in node-postgres itself
  query(text: string, values?: unknown[]): Promise<{ rows: any[]; rowCount: number | null }>;
}

/** What the inbox needs of a client checked out of the pool (a node-postgres `PoolClient` has all of it). */
export interface PgPoolClientLike extends PgClientLike {
  release(destroy?: Error | boolean): void;
  on(event: 'error', listener: (err: Error) => void): unknown;
  removeListener(event: 'error', listener: (err: Error) => void): unknown;
}

/** A node-postgres `Pool` (or anything whose `connect()` resolves to a checked-out client). */
export interface PgPoolLike<Db extends PgClientLike = PgClientLike> {
  connect(): Promise<Db & PgPoolClientLike>;
  /** node-postgres's pool options: read only to name the address in a connection error (never the password). */
  options?: { connectionString?: string; host?: string; port?: number | string; database?: string };
}

export interface PostgresInboxOptions<Db extends PgClientLike = PgClientLike> {
  /**
   * Your node-postgres Pool (the inbox never ends it).
   * @example new Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 2000 })
   */
  pool: PgPoolLike<Db>;
  /**
   * Table of event ids: lower-case letters, digits and `_`, optionally schema-qualified, each part at most 55
   * characters. Default `hj_webhook_inbox`. @example { table: 'billing.webhook_inbox' }
   */
  table?: string;
  /**
   * Taking a connection from the pool (`connect()`, and each delivery's) fails with a `StoreConnectionError` naming
   * the address when PostgreSQL has not answered within this long (a delivery then answers 503). The pool's own
   * `connectionTimeoutMillis` still applies when shorter. Default 5000 ms. @example { connectTimeoutMs: 2_000 }
   */
  connectTimeoutMs?: number;
}

export interface PruneOptions {
  /**
   * Age in milliseconds, by the database's clock: events done longer ago than this are deleted (a redelivery of one
   * would run again, so keep it above the sender's whole retry window), and so are claims never completed that were
   * received longer ago (none is deleted while a transaction holds it). From one hour to 100 years (a value below an
   * hour is the usual mistake of seconds or days for milliseconds). @example { olderThan: 30 * 24 * 3600_000 }
   */
  olderThan: number;
}

const HOUR_MS = 3_600_000;

/** The `code` of the error a missing inbox table or schema gives (connect(), and each delivery: 503). */
export const INBOX_TABLE_MISSING = 'INBOX_TABLE_MISSING';
/** SQLSTATEs of a table or a schema that does not exist. */
const UNDEFINED = new Set(['42P01', '3F000']);

function tableMissing(message: string, cause?: unknown): Error {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code: INBOX_TABLE_MISSING });
}

/** `e` as the missing-table error when PostgreSQL said the table or its schema does not exist. */
function asMissing(e: unknown, table: string): unknown {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !UNDEFINED.has(code)) return e;
  return tableMissing(
    `the inbox table ${table} does not exist (${reason(e)}): run await inbox.migrate() (or PostgresInbox.schema())`,
    e,
  );
}
const YEAR_MS = 365.25 * 24 * HOUR_MS;

export class PostgresInbox<Db extends PgClientLike = PgClientLike> implements InboxStore<Db>, CheckpointStore {
  readonly #pool: PgPoolLike<Db>;
  readonly #table: string;
  readonly #connectTimeoutMs: number;
  /** The statements, once the table's schema is known (at construction when `table` names it). */
  #sql: Statements | undefined;
  /** Pooled connections that have the claim statement prepared. */
  readonly #prepared = new WeakSet<object>();
  /** Each pooled connection's session as the inbox first found it, restored by each delivery (postgres-session.ts). */
  readonly #sessions = new SessionResets();

  /**
   * The SQL `migrate()` runs, for those who run their migrations themselves (idempotent).
   * @example writeFileSync('migrations/001_webhook_inbox.sql', PostgresInbox.schema())
   */
  static schema(table = 'hj_webhook_inbox'): string {
    return schema(table);
  }

  constructor(options: PostgresInboxOptions<Db>) {
    if (typeof options?.pool?.connect !== 'function')
      throw new ServerConfigError('pool', 'PostgresInbox needs { pool }: a node-postgres Pool (new Pool({ ... }))');
    this.#pool = options.pool;
    this.#table = options.table ?? 'hj_webhook_inbox';
    this.#connectTimeoutMs = connectTimeoutOption(options.connectTimeoutMs);
    const t = quoted(this.#table).name;
    if (this.#table.includes('.')) this.#sql = statements(t);
  }

  /**
   * The statements, naming the table with its schema: an unqualified `table` is looked up once, on the first
   * connection (connect(), migrate() or the first delivery, before any handler ran), as that session's search_path
   * finds it. Rejects when no such table is visible.
   */
  async #statements(c: PgClientLike): Promise<Statements> {
    if (this.#sql) return this.#sql;
    const { rows } = await c.query(RESOLVE, [quoted(this.#table).name]);
    const name = rows[0]?.name as string | undefined;
    if (!name)
      throw tableMissing(
        `the inbox table ${this.#table} does not exist: run await inbox.migrate() (or PostgresInbox.schema())`,
      );
    this.#sql = statements(name);
    return this.#sql;
  }

  /**
   * Checks that PostgreSQL answers and that the inbox's table is there, on a pooled connection. Optional; call it at
   * start-up so a wrong `DATABASE_URL` stops the deploy with a `StoreConnectionError` (code `STORE_UNREACHABLE`,
   * naming the address, never the password) within `connectTimeoutMs`, and a forgotten `migrate()` with an error
   * (code `INBOX_TABLE_MISSING`) saying `run await inbox.migrate()` (or that the table's schema does not exist),
   * instead of every delivery answering 503. @example await inbox.connect(); server.listen(3000);
   */
  async connect(): Promise<void> {
    const c = await this.#checkout();
    try {
      await this.#checkTable(c);
      c.release();
    } catch (e) {
      c.release(true);
      throw e;
    }
  }

  /** Rejects (INBOX_TABLE_MISSING) when the table, or the schema it names, does not exist. */
  async #checkTable(c: PgClientLike): Promise<void> {
    const parts = this.#table.split('.');
    if (parts.length === 1) {
      await this.#statements(c);
      return;
    }
    const { rows } = await c.query(
      'SELECT pg_catalog.to_regnamespace($1) IS NOT NULL AS schema, pg_catalog.to_regclass($2) IS NOT NULL AS table',
      [`"${parts[0]}"`, quoted(this.#table).name],
    );
    if (!rows[0]?.schema)
      throw tableMissing(
        `the schema ${parts[0]} of the inbox table ${this.#table} does not exist: create it (CREATE SCHEMA ` +
          `${parts[0]}), then run await inbox.migrate()`,
      );
    if (!rows[0]?.table)
      throw tableMissing(
        `the inbox table ${this.#table} does not exist: run await inbox.migrate() (or PostgresInbox.schema())`,
      );
  }

  /** A pooled client within connectTimeoutMs; one that arrives later goes straight back to the pool. */
  #checkout(): Promise<Db & PgPoolClientLike> {
    return withDeadline(
      Promise.resolve().then(() => this.#pool.connect()),
      {
        ms: this.#connectTimeoutMs,
        late: (c) => c.release(),
        fail: (cause, timedOut) => {
          const address = this.#address();
          const why = timedOut
            ? `did not answer within ${this.#connectTimeoutMs} ms (connectTimeoutMs)`
            : `refused a connection: ${reason(cause)}`;
          return new StoreConnectionError('postgres', address, `PostgreSQL at ${address} ${why}`, { cause });
        },
      },
    );
  }

  /** Where the pool connects, from its options (node-postgres's defaults otherwise), without user or password. */
  #address(): string {
    const o = this.#pool.options;
    if (o?.connectionString) return addressOf(o.connectionString);
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
    const host = o?.host ?? env.PGHOST ?? 'localhost';
    const port = o?.port ?? env.PGPORT ?? 5432;
    const db = o?.database ?? env.PGDATABASE;
    return `postgres://${host}:${port}${db ? `/${db}` : ''}`;
  }

  /**
   * Creates the table and its index if missing (`PostgresInbox.schema()` is the same SQL). Idempotent, and safe to run
   * from several processes at once (they take turns on an advisory lock). @example await inbox.migrate()
   */
  async migrate(): Promise<void> {
    const c = await this.#checkout();
    try {
      await c.query('BEGIN');
      await c.query(`SELECT pg_advisory_xact_lock(hashtext('hosted-journey:inbox-migrate'))`);
      for (const statement of schema(this.#table).split(';\n')) await c.query(statement);
      await c.query('COMMIT');
      await this.#statements(c);
      c.release();
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      c.release(true);
      throw e;
    }
  }

  async readCheckpoint(name: string): Promise<string | undefined> {
    const { rows } = await this.#run(`SELECT value FROM ${checkpointTable(this.#table)} WHERE name = $1`, [name]);
    return rows[0]?.value as string | undefined;
  }

  async writeCheckpoint(name: string, value: string): Promise<void> {
    await this.#run(
      `INSERT INTO ${checkpointTable(this.#table)} (name, value) VALUES ($1, $2) ` +
        'ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = now()',
      [name, value],
    );
  }

  /** One statement on a pooled connection (a broken one is not given back). */
  async #run(text: string, values: unknown[]) {
    const c = await this.#checkout();
    try {
      const r = await c.query(text, values);
      c.release();
      return r;
    } catch (e) {
      c.release(true);
      throw e;
    }
  }

  /**
   * Deletes done rows older than `olderThan` ms (and abandoned claims received before then); returns how many.
   * Run it from a scheduled job. @example const deleted = await inbox.prune({ olderThan: 30 * 24 * 3600_000 })
   */
  async prune(options: PruneOptions): Promise<number> {
    const ms = numberIn('olderThan', options?.olderThan, { min: HOUR_MS, max: 100 * YEAR_MS, unit: ' ms' });
    const c = await this.#checkout();
    try {
      const r = await c.query((await this.#statements(c)).prune, [ms]);
      c.release();
      return r.rowCount ?? 0;
    } catch (e) {
      c.release(true);
      throw e;
    }
  }

  async begin(eventId: string): Promise<InboxTransaction<Db> | 'in_flight' | 'done'> {
    const c = await this.#checkout();
    const lost = new LostConnection();
    // A checked-out node-postgres client has no 'error' listener: without this one, a server that goes away while
    // the transaction is open would crash the process with an unhandled 'error' event.
    c.on('error', lost.onError);
    let open = false;
    const release = (destroy: boolean) => {
      c.removeListener('error', lost.onError);
      c.release(destroy);
    };
    try {
      const sql = this.#sql ?? (await this.#statements(c));
      if (!this.#prepared.has(c)) await this.#prepare(c, sql);
      open = true;
      const results = (await c.query(sql.claim(eventId)).catch(async (e: unknown) => {
        // A handler of an earlier delivery on this connection ran DEALLOCATE: prepare it again.
        if ((e as { code?: unknown })?.code !== NO_SUCH_STATEMENT) throw e;
        await c.query('ROLLBACK');
        this.#prepared.delete(c);
        await this.#prepare(c, sql);
        return c.query(sql.claim(eventId));
      })) as unknown as [unknown, { rows: Array<{ s: ClaimState }> }];
      const state = results[1].rows[0]?.s;
      if (state === 'd' || state === 'f') {
        // The answer does not wait for the ROLLBACK; the client goes back to the pool once it is through.
        c.query('ROLLBACK').then(
          () => release(false),
          () => release(true),
        );
        return state === 'd' ? 'done' : 'in_flight';
      }
      if (state?.[0] !== 'n') throw new Error(`the inbox claim answered ${String(state)}`);
      const tx = state.slice(1);
      // Read inside the claim's transaction, before the handler: no SET LOCAL yet, so it is the session's own state.
      const reset = await this.#sessions.of(c);
      const fence: Ended = { ended: false };
      // Both end the delivery with the session as the inbox first found it (postgres-session.ts): the commit resets
      // it inside the claim's transaction, before the done-mark; the rollback in a transaction of its own (the SETs
      // of the handler's transaction are undone by its ROLLBACK, not those it made after a COMMIT of its own).
      const ends = {
        commit: () => `${reset}; ${sql.commit(eventId, tx, this.#prepared.has(c))}`,
        rollback: `ROLLBACK; BEGIN READ WRITE; ${reset}; COMMIT`,
      };
      const db = fenced(c, eventId, fence, () => this.#prepared.delete(c));
      return this.#transaction({ c, db, ends, eventId, fence, lost, release });
    } catch (e) {
      if (open) await c.query('ROLLBACK').catch(() => {});
      release(true);
      throw asMissing(e, this.#table);
    }
  }

  /**
   * Prepares the claim and the done-mark on this connection, once. Names it already has (another inbox on the
   * same table and pool prepared them) count as prepared; when only some are there, the missing ones are prepared.
   */
  async #prepare(c: PgPoolClientLike, sql: Statements): Promise<void> {
    await c.query(sql.prepare).catch(async (e: unknown) => {
      if ((e as { code?: unknown })?.code !== ALREADY_PREPARED) throw e;
      const { rows } = await c.query('SELECT name FROM pg_catalog.pg_prepared_statements WHERE name = ANY($1)', [
        sql.names,
      ]);
      const have = new Set(rows.map((r: { name: string }) => r.name));
      for (const [i, name] of sql.names.entries()) if (!have.has(name)) await c.query(sql.prepareEach[i]!);
    });
    this.#prepared.add(c);
  }

  #transaction({
    c,
    db,
    ends,
    eventId,
    fence,
    lost,
    release,
  }: {
    c: Db & PgPoolClientLike;
    db: Db;
    ends: { commit: () => string; rollback: string };
    eventId: string;
    fence: Ended;
    lost: LostConnection;
    release: (destroy: boolean) => void;
  }): InboxTransaction<Db> {
    const end = () => {
      if (fence.ended) throw new Error('this inbox transaction has already been committed or rolled back');
      fence.ended = true;
    };
    return {
      db,
      get signal() {
        return lost.signal;
      },
      async commit() {
        end();
        try {
          await c.query(ends.commit()).catch((e: unknown) => {
            if ((e as { code?: unknown })?.code !== DIVISION_BY_ZERO) throw e;
            throw new Error(
              `the inbox transaction of ${eventId} was ended before commit (did the handler run COMMIT or ROLLBACK ` +
                'on ctx.db?), or another delivery marked the event done meanwhile: the event is not marked done by ' +
                'this delivery',
            );
          });
        } catch (e) {
          await c.query('ROLLBACK').catch(() => {});
          release(true);
          throw e;
        }
        release(false);
      },
      async rollback() {
        end();
        try {
          await c.query(ends.rollback);
        } catch (e) {
          release(true);
          throw e;
        }
        release(false);
      },
    };
  }
}
