/**
 * The session a PostgresInbox gives back to the pool. A handler may change its connection's session through `ctx.db`
 * (`SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY`, `SET statement_timeout`, `SET search_path`, `SET ROLE`, a
 * temporary table, `LISTEN`), and whatever it left would meet every later delivery and every `pool.query` of the
 * application on that connection. So each delivery whose handler ran ends with a reset to the session the inbox
 * first found on the connection: what `DISCARD ALL` does except `DEALLOCATE ALL` (the inbox's prepared statements,
 * and the application's, stay) and `pg_advisory_unlock_all()` (it cost about as much as the rest together, 140 µs a
 * delivery; a handler takes its advisory locks with `pg_advisory_xact_lock`), then the settings and the role the
 * connection had (a pool's `connect` hook's `SET search_path` survives). It is sent in the message that commits (or
 * rolls back) the delivery, so it costs no round trip, and a reset that fails closes the connection.
 */
import { literal } from './postgres-sql.js';

/** The part of a pooled client the baseline is read with. */
interface Queryable {
  query(text: string): Promise<unknown>;
}

/** What a connection's session is before any handler ran on it: its settings made by `SET`, its users. */
const BASELINE =
  "SELECT name, setting FROM pg_catalog.pg_settings WHERE source OPERATOR(pg_catalog.=) 'session'; " +
  'SELECT pg_catalog.quote_ident(session_user::text) AS s, pg_catalog.quote_ident(current_user::text) AS c';

type Settings = Array<{ name: string; setting: string }>;

/**
 * The statements that bring a session back to its baseline, to run inside a transaction (whose commit makes them
 * last). `RESET ALL` reaches every setting but the users, which the session authorization resets; the role and the
 * settings made by `SET` before the inbox came are then made again.
 */
function resetTo(settings: Settings, users: { s: string; c: string }): string {
  const restore = settings.map((r) => `pg_catalog.set_config(${literal(r.name)}, ${literal(r.setting)}, false)`);
  return [
    `SET SESSION AUTHORIZATION ${users.s}`,
    'RESET ALL',
    ...(users.c === users.s ? [] : [`SET ROLE ${users.c}`]),
    ...(restore.length ? [`SELECT ${restore.join(', ')}`] : []),
    'CLOSE ALL',
    'UNLISTEN *',
    'DISCARD TEMP',
    'DISCARD SEQUENCES',
  ].join('; ');
}

/** Each pooled connection's reset, learnt the first time the inbox uses it (before any handler ran on it). */
export class SessionResets {
  readonly #resets = new WeakMap<object, string>();

  /** `c`'s reset; read once per connection, before any handler ran on it (outside or at the start of a transaction). */
  async of(c: Queryable): Promise<string> {
    const known = this.#resets.get(c);
    if (known !== undefined) return known;
    // A simple-protocol message of two statements answers one result each.
    const [settings, users] = (await c.query(BASELINE)) as [
      { rows: Settings },
      { rows: Array<{ s: string; c: string }> },
    ];
    const reset = resetTo(settings.rows, users.rows[0]!);
    this.#resets.set(c, reset);
    return reset;
  }
}
