/**
 * The SQL of PostgresInbox: its table's schema, the check of the table's name, and the statements of a delivery.
 * Every statement names the table with its schema and every function with `pg_catalog.`, so a handler's
 * `SET LOCAL search_path` (a schema per tenant) changes neither. Event ids travel as escaped literals in the two
 * simple-protocol messages of a delivery (the simple protocol is what lets several statements share one message).
 */
import { md5 } from '../crypto/md5.js';
import { ServerConfigError } from '../errors.js';

const PART = /^[a-z_][a-z0-9_]{0,54}$/;

/** `"schema"."table"` from a checked name (quoted: reserved words such as `user` are fine). */
export function quoted(table: unknown): { name: string; index: string } {
  const parts = typeof table === 'string' ? table.split('.') : [];
  if (parts.length < 1 || parts.length > 2 || !parts.every((p) => PART.test(p))) {
    throw new ServerConfigError(
      'table',
      'table must be a lower-case identifier (letters, digits, _; at most 55 characters), optionally schema.table ' +
        `(got ${JSON.stringify(table)})`,
    );
  }
  return { name: parts.map((p) => `"${p}"`).join('.'), index: `"${parts.at(-1)}_done_at"` };
}

/** Characters that make a literal need more than its quotes. */
const SPECIAL = /['\\\0]/;

/**
 * A string literal for the simple query protocol, as node-postgres's `escapeLiteral`: quotes doubled, and with any
 * backslash the E'' form with backslashes doubled, so it reads the same whatever standard_conforming_strings says.
 */
export function literal(value: string): string {
  if (!SPECIAL.test(value)) return `'${value}'`;
  if (value.includes('\0')) throw new TypeError('a NUL character cannot be sent to PostgreSQL');
  const quotedValue = `'${value.replaceAll("'", "''")}'`;
  return value.includes('\\') ? ` E${quotedValue.replaceAll('\\', '\\\\')}` : quotedValue;
}

/** What `migrate()` runs and `PostgresInbox.schema()` returns. */
export function schema(table: string): string {
  const t = quoted(table);
  return `CREATE TABLE IF NOT EXISTS ${t.name} (
  event_id text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX IF NOT EXISTS ${t.index} ON ${t.name} (done_at);`;
}

/**
 * The schema-qualified name of a table given unqualified, as the session's search_path finds it now (quoted; no row
 * when it does not exist).
 */
export const RESOLVE =
  "SELECT pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname) AS name " +
  'FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace ' +
  'WHERE c.oid = pg_catalog.to_regclass($1)';

/**
 * SQLSTATE of a division by zero: how the statement before a COMMIT fails when the transaction is no longer the
 * claim's, or the done-mark did not mark exactly one row (`1 / (random() * 0)::int`, not `1 / 0`, which the planner
 * folds and raises whatever the condition).
 */
export const DIVISION_BY_ZERO = '22012';
/** SQLSTATE of EXECUTE of a prepared statement the session no longer has (DEALLOCATE). */
export const NO_SUCH_STATEMENT = '26000';
/** SQLSTATE of PREPARE of a name the session already has. */
export const ALREADY_PREPARED = '42P05';

/**
 * The name of a prepared statement: `hj_inbox_<kind>_` and the MD5 of its text (which names the table), 32 hex digits.
 * A session's statements are shared by every inbox using it, so two texts must never share a name: 128 bits, where a
 * 32-bit hash gave two tables' claims one name.
 */
function statementName(kind: string, text: string): string {
  const digest = md5(new TextEncoder().encode(text));
  return `hj_inbox_${kind}_${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What the claim answers, in its one text column `s`. */
export type ClaimState =
  /** The row is there and done (whoever holds the lock). */
  | 'd'
  /** Another delivery holds the event's lock and the row is not done. */
  | 'f'
  /** This transaction inserted the row (already done), followed by the transaction's id. */
  | `n${string}`
  /** The row is there, not done, followed by the transaction's id. */
  | `u${string}`;

export interface Statements {
  /**
   * `PREPARE` of the claim and of the commit's check, one message, once per connection (each is planned once, not
   * per delivery; PostgreSQL plans them again by itself when the table changes).
   */
  prepare: string;
  /** The names `prepare` gives, and each one's `PREPARE` alone (for a connection that has some of them). */
  names: readonly string[];
  prepareEach: readonly string[];
  /** `BEGIN` and the prepared claim, one message; its results: [BEGIN, { s: ClaimState }]. */
  claim(id: string): string;
  /**
   * `COMMIT` of a transaction whose claim inserted the row (already marked done: it commits with the effects or not
   * at all), one message; the check before it fails (skipping the COMMIT) unless this is still that transaction.
   * `prepared` false: the connection lost its prepared statements (a handler ran DEALLOCATE), so the check is sent
   * in full.
   */
  commit(tx: string, prepared: boolean): string;
  /**
   * The done-mark and `COMMIT` of a claim that found its row not done (left by a handler that committed on its own,
   * or by an older version of the inbox), one message; the mark fails (skipping the COMMIT) unless it marked exactly
   * that row in that transaction.
   */
  done(id: string, tx: string): string;
  /** `DELETE` of done rows and unfinished claims older than $1 ms, skipping any event a delivery holds. */
  prune: string;
}

/**
 * The statements on table `t` (schema-qualified). The claim is a transaction-scoped advisory lock on (the table's key,
 * hashtext(id)): it is taken at once or not at all (a held event answers 409 without waiting), and PostgreSQL drops it
 * when the transaction ends, also when the connection dies. Only the lock's holder inserts the row, so no transaction
 * ever waits on another's uncommitted insert, and inserts it done: the row is the done-mark, committed with the
 * handler's effects or rolled back with them, so a new event needs no UPDATE. The done lookup, made only when nothing
 * was inserted, reads the statement's snapshot, taken just before the lock: an event another delivery committed in
 * between is not seen there, but the insert finds its row (nothing inserted) and the done-mark's `done_at IS NULL` (a
 * statement of its own) then fails, so that event is still committed once. The claim answers one text column, the
 * least node-postgres has to describe and parse.
 */
export function statements(t: string): Statements {
  const key = (id: string) => `pg_catalog.hashtext(${literal(`hosted-journey:${t}`)}), pg_catalog.hashtext(${id})`;
  const lock = (id: string) => `pg_catalog.pg_try_advisory_xact_lock(${key(id)})`;
  const cutoff = `pg_catalog.now() - $1::float8 * interval '1 millisecond'`;
  /** Fails the statement (SQLSTATE 22012, at run time: random() is not folded) unless `condition` holds. */
  const unless = (condition: string) => `CASE WHEN ${condition} THEN 1 ELSE 1 / (pg_catalog.random() * 0)::int END`;
  // A handler's own COMMIT or ROLLBACK would have ended the transaction: this would run in one of its own.
  const check = (tx: string) => `SELECT ${unless(`pg_catalog.txid_current_if_assigned()::text = ${tx}`)}`;
  const txid = `pg_catalog.txid_current()::text`;
  const claimText =
    `(text) AS WITH l AS (SELECT ${lock('$1')} AS got), ` +
    `ins AS (INSERT INTO ${t} (event_id, done_at) SELECT $1, pg_catalog.now() FROM l WHERE got ` +
    'ON CONFLICT DO NOTHING RETURNING 1) ' +
    `SELECT CASE WHEN EXISTS (SELECT 1 FROM ins) THEN 'n' OPERATOR(pg_catalog.||) ${txid} ` +
    `WHEN coalesce((SELECT done_at IS NOT NULL FROM ${t} WHERE event_id = $1), false) THEN 'd' ` +
    `WHEN NOT l.got THEN 'f' ELSE 'u' OPERATOR(pg_catalog.||) ${txid} END AS s FROM l`;
  // The check names no table: every inbox on a session shares it, as it does the same everywhere.
  const checkText = `(text) AS ${check('$1')}`;
  const claimName = statementName('claim', claimText);
  const checkName = statementName('commit', checkText);
  const prepareEach = [`PREPARE ${claimName} ${claimText}`, `PREPARE ${checkName} ${checkText}`];
  return {
    prepare: prepareEach.join('; '),
    names: [claimName, checkName],
    prepareEach,
    claim: (eventId) => `BEGIN; EXECUTE ${claimName}(${literal(eventId)})`,
    commit: (tx, prepared) => `${prepared ? `EXECUTE ${checkName}(${literal(tx)})` : check(literal(tx))}; COMMIT`,
    done: (eventId, tx) =>
      `WITH marked AS (UPDATE ${t} SET done_at = pg_catalog.now() WHERE event_id = ${literal(eventId)} ` +
      `AND done_at IS NULL AND pg_catalog.txid_current()::text = ${literal(tx)} RETURNING 1) ` +
      `SELECT ${unless('pg_catalog.count(*) = 1')} FROM marked; COMMIT`,
    prune:
      `DELETE FROM ${t} WHERE event_id IN (SELECT event_id FROM ${t} WHERE done_at < ${cutoff} ` +
      `OR (done_at IS NULL AND received_at < ${cutoff} AND ${lock('event_id')}) FOR UPDATE SKIP LOCKED)`,
  };
}
