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
CREATE INDEX IF NOT EXISTS ${t.index} ON ${t.name} (done_at);
CREATE TABLE IF NOT EXISTS ${checkpointTable(table)} (
  name text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);`;
}

/** The table of `handler.catchUp`'s checkpoints beside the inbox table: its name and `_catchup` (at most 63). */
export function checkpointTable(table: string): string {
  const parts = table.split('.');
  quoted(table);
  parts[parts.length - 1] = `${parts.at(-1)}_catchup`;
  return parts.map((p) => `"${p}"`).join('.');
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
 * SQLSTATE of a division by zero: how the done-mark before a COMMIT fails when it did not mark exactly one row — the
 * transaction is no longer the claim's, or another delivery marked the event done meanwhile (`1 / (random() * 0)::int`,
 * not `1 / 0`, which the planner folds and raises whatever the condition).
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
  /** The event's row is there and done (whoever holds the lock). */
  | 'd'
  /** Another delivery holds the event's lock and the event is not done. */
  | 'f'
  /** This transaction holds the lock and the event is not done, followed by the transaction's id. */
  | `n${string}`;

export interface Statements {
  /**
   * `PREPARE` of the claim and of the done-mark, one message, once per connection (each is planned once, not per
   * delivery; PostgreSQL plans them again by itself when the table changes).
   */
  prepare: string;
  /** The names `prepare` gives, and each one's `PREPARE` alone (for a connection that has some of them). */
  names: readonly string[];
  prepareEach: readonly string[];
  /** `BEGIN` and the prepared claim, one message; its results: [BEGIN, { s: ClaimState }]. */
  claim(id: string): string;
  /**
   * The done-mark and `COMMIT`, one message. The mark inserts the event's row done (or marks a row left not done)
   * only while this is still the claim's transaction `tx`, and fails, skipping the COMMIT, unless it marked exactly
   * one row: a handler that ended the claim's transaction itself (`COMMIT`, `COMMIT AND CHAIN`, `ROLLBACK`, …) gets
   * no done-mark, and nor does a delivery whose event another one marked done meanwhile. `prepared` false: the
   * connection lost its prepared statements (a handler ran DEALLOCATE), so the mark is sent in full.
   */
  commit(id: string, tx: string, prepared: boolean): string;
  /** `DELETE` of done rows and unfinished claims older than $1 ms, skipping any event a delivery holds. */
  prune: string;
}

/**
 * The statements on table `t` (schema-qualified). The claim is a transaction-scoped advisory lock on (the table's key,
 * hashtext(id)): it is taken at once or not at all (a held event answers 409 without waiting), and PostgreSQL drops it
 * when the transaction ends, also when the connection dies. The claim writes nothing: the event's row is written
 * only by the done-mark, at commit, in the claim's transaction and nowhere else, so a handler's own `COMMIT` commits
 * no done-mark. The claim's lookup reads the statement's snapshot, taken before the lock: an event another
 * delivery committed in between is not seen there, but the done-mark then finds its row done and marks nothing, so
 * that event is still committed once. The claim answers one text column, the least node-postgres has to describe
 * and parse; its `txid_current()` gives the transaction an id, which the done-mark compares with its own.
 */
export function statements(t: string): Statements {
  const key = (id: string) => `pg_catalog.hashtext(${literal(`hosted-journey:${t}`)}), pg_catalog.hashtext(${id})`;
  const lock = (id: string) => `pg_catalog.pg_try_advisory_xact_lock(${key(id)})`;
  const cutoff = `pg_catalog.now() - $1::float8 * interval '1 millisecond'`;
  /** True, or fails the statement (SQLSTATE 22012, at run time: random() is not folded) unless `condition` holds. */
  const unless = (condition: string) =>
    `CASE WHEN ${condition} THEN true ELSE 1 / (pg_catalog.random() * 0)::int OPERATOR(pg_catalog.=) 1 END`;
  // The lookup first: a done event answers 'd' without taking the lock (the snapshot is the statement's either way).
  const claimText =
    `(text) AS SELECT CASE WHEN EXISTS (SELECT FROM ${t} WHERE event_id = $1 AND done_at IS NOT NULL) THEN 'd' ` +
    `WHEN NOT ${lock('$1')} THEN 'f' ELSE 'n' OPERATOR(pg_catalog.||) pg_catalog.txid_current()::text END AS s`;
  // After a COMMIT or ROLLBACK of the handler's own, this runs in another transaction (or none): its id differs, or
  // none is assigned, and the row's one-time condition fails. A row found done fails the conflict's condition. Each
  // outcome but one row marked raises, in the INSERT itself: no CTE to materialize, no count to aggregate.
  const mark = (id: string, tx: string) =>
    `INSERT INTO ${t} AS i (event_id, done_at) SELECT ${id}, pg_catalog.now() ` +
    `WHERE ${unless(`pg_catalog.txid_current_if_assigned()::text OPERATOR(pg_catalog.=) ${tx}`)} ` +
    `ON CONFLICT (event_id) DO UPDATE SET done_at = excluded.done_at WHERE ${unless('i.done_at IS NULL')}`;
  const markText = `(text, text) AS ${mark('$1', '$2')}`;
  const claimName = statementName('claim', claimText);
  const markName = statementName('commit', markText);
  const prepareEach = [`PREPARE ${claimName} ${claimText}`, `PREPARE ${markName} ${markText}`];
  return {
    prepare: prepareEach.join('; '),
    names: [claimName, markName],
    prepareEach,
    claim: (eventId) => `BEGIN; EXECUTE ${claimName}(${literal(eventId)})`,
    commit: (eventId, tx, prepared) => {
      const [id, txid] = [literal(eventId), literal(tx)];
      return `${prepared ? `EXECUTE ${markName}(${id}, ${txid})` : mark(id, txid)}; COMMIT`;
    },
    prune:
      `DELETE FROM ${t} WHERE event_id IN (SELECT event_id FROM ${t} WHERE done_at < ${cutoff} ` +
      `OR (done_at IS NULL AND received_at < ${cutoff} AND ${lock('event_id')}) FOR UPDATE SKIP LOCKED)`,
  };
}
