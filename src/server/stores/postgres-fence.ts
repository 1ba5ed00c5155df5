/**
 * `ctx.db` of a PostgresInbox delivery: the pooled client behind a fence. The fence refuses every query once the
 * transaction has ended, so a write the handler did not await cannot run inside the pooled connection's next
 * transaction (the next delivery's, committed or rolled back with that event). Only the inbox gives the connection
 * back: `release()` on `ctx.db` does nothing (node-postgres's habit, and Kysely's after each query, must not hand the
 * open transaction to the pool, where the application's own `pool.query` or another delivery would run inside it), and
 * `end()` is refused.
 */

/** What a query on `ctx.db` answers once its delivery's transaction has ended. */
const ENDED = 'INBOX_TRANSACTION_ENDED';
/** What `ctx.db.end()` answers: the connection is the inbox's to give back. */
const HELD = 'INBOX_CONNECTION_HELD';
const noop = (): void => {};
const FENCED = new Set<PropertyKey>(['query', 'release', 'end']);

/** Whether a query's text (a string, or a config's `text`) may drop the session's prepared statements. */
function deallocates(q: unknown): boolean {
  const text = typeof q === 'string' ? q : (q as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /deallocate/i.test(text);
}

/** Whether the delivery's transaction has been committed or rolled back by the inbox: queries are then refused. */
export interface Ended {
  ended: boolean;
}

/**
 * `c` as the handler sees it (`ctx.db`): the same client, its queries refused once the transaction has ended.
 * `forget` is called when a query may have dropped the connection's prepared statements (DEALLOCATE).
 */
export function fenced<Db extends { query(...args: never[]): unknown }>(
  c: Db,
  eventId: string,
  state: Ended,
  forget: () => void,
): Db {
  const query = c.query;
  const event = JSON.stringify(eventId.slice(0, 100));
  const refuse = (args: unknown[], code: string, message: string) => {
    const e = Object.assign(new Error(`ctx.db of event ${event} ${message}`), { code });
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      queueMicrotask(() => callback(e));
      return undefined;
    }
    return Promise.reject(e);
  };
  const end = (...args: unknown[]) =>
    refuse(
      args,
      HELD,
      'cannot be ended: the inbox commits its transaction and gives the connection back to the pool when the ' +
        'handler returns',
    );
  return new Proxy(c, {
    get(target, prop) {
      if (prop === 'release') return noop;
      if (prop === 'end') return end;
      if (prop === 'query')
        return (...args: unknown[]) => {
          if (state.ended)
            return refuse(
              args,
              ENDED,
              'was queried after its handler settled: that transaction is over, so the query was not run (await ' +
                'every query inside the handler)',
            );
          if (deallocates(args[0])) forget();
          return Reflect.apply(query, target, args);
        };
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
    // The inbox's own query, release and end stay the client's: a handler cannot replace them through ctx.db.
    set: (target, prop, value) => !FENCED.has(prop) && Reflect.set(target, prop, value, target),
    defineProperty: (target, prop, d) => !FENCED.has(prop) && Reflect.defineProperty(target, prop, d),
    deleteProperty: (target, prop) => !FENCED.has(prop) && Reflect.deleteProperty(target, prop),
  });
}

/**
 * The transaction's `signal`, made only when read: a lost connection before then is kept, and the signal is born
 * aborted with it.
 */
export class LostConnection {
  #controller: AbortController | undefined;
  #reason: Error | undefined;
  readonly onError = (e: Error): void => {
    this.#reason ??= e;
    this.#controller?.abort(e);
  };
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#reason) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }
}
