/**
 * `ctx.db` of a PostgresInbox delivery: the pooled client behind a fence, and what the handler's queries through it
 * tell of the delivery's transaction.
 *
 * The fence refuses every query once the transaction has ended, so a write the handler did not await cannot run
 * inside the pooled connection's next transaction (the next delivery's, committed or rolled back with that event).
 *
 * The watch decides how the commit proves the transaction is still the claim's. A plain `COMMIT` is enough only when
 * that is known from the client itself: node-postgres reports the server's transaction status after each message
 * (`getTransactionStatus()` since 8.21, 'T' inside a transaction block), and every query of the handler went through
 * the fence as a promise, settled, and answered only commands that cannot end a transaction (a `ROLLBACK AND CHAIN`,
 * or `ROLLBACK; BEGIN` in one message, leave the status 'T' in a transaction that is not the claim's: their tags are
 * what shows them). Anything else (a callback or a submittable such as a cursor, a query still running, a failed
 * query, another tag, a client without the status) sends the statement that compares transaction ids.
 */

/** What a query on `ctx.db` answers once its delivery's transaction has ended. */
const ENDED = 'INBOX_TRANSACTION_ENDED';

/** Command tags of statements that cannot end or replace the transaction they run in. */
const KEEPS_TRANSACTION = new Set(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SET', 'SAVEPOINT', 'RELEASE']);

/** Whether every result of a query (one, or one per statement of a multi-statement text) kept the transaction. */
function keepsTransaction(result: unknown): boolean {
  const results = Array.isArray(result) ? result : [result];
  return results.every((r) => KEEPS_TRANSACTION.has((r as { command?: unknown } | null)?.command as string));
}

/** Whether a query's text (a string, or a config's `text`) may drop the session's prepared statements. */
function deallocates(q: unknown): boolean {
  const text = typeof q === 'string' ? q : (q as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /deallocate/i.test(text);
}

/** What the fence saw of one transaction's queries. */
export class TransactionWatch {
  /** The transaction has been committed or rolled back by the inbox: queries are refused. */
  ended = false;
  #pending = 0;
  #unsure = false;

  /**
   * Whether the transaction is known to be the claim's, open and healthy: the commit may then be a plain `COMMIT`.
   * `status` is the client's `getTransactionStatus`, when it has one.
   */
  intact(status: (() => unknown) | undefined): boolean {
    return !this.#unsure && this.#pending === 0 && status?.() === 'T';
  }

  /** The handler's query `run` (the client's own `query`), watched. */
  watch(args: unknown[], run: () => unknown): unknown {
    const first = args[0] as { submit?: unknown } | null;
    if (args.some((a) => typeof a === 'function') || typeof first?.submit === 'function') {
      this.#unsure = true;
      return run();
    }
    const p = run() as PromiseLike<unknown> | undefined;
    if (typeof p?.then !== 'function') {
      this.#unsure = true;
      return p;
    }
    this.#pending++;
    return p.then(
      (r) => {
        this.#pending--;
        if (!keepsTransaction(r)) this.#unsure = true;
        return r;
      },
      (e: unknown) => {
        this.#pending--;
        this.#unsure = true;
        throw e;
      },
    );
  }
}

/**
 * `c` as the handler sees it (`ctx.db`): the same client, its queries watched by `watch`, refused once it has ended.
 * `forget` is called when a query may have dropped the connection's prepared statements (DEALLOCATE).
 */
export function fenced<Db extends { query(...args: never[]): unknown }>(
  c: Db,
  eventId: string,
  watch: TransactionWatch,
  forget: () => void,
): Db {
  const query = c.query;
  const refuse = (args: unknown[]) => {
    const e = Object.assign(
      new Error(
        `ctx.db of event ${JSON.stringify(eventId.slice(0, 100))} was queried after its handler settled: that ` +
          'transaction is over, so the query was not run (await every query inside the handler)',
      ),
      { code: ENDED },
    );
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      queueMicrotask(() => callback(e));
      return undefined;
    }
    return Promise.reject(e);
  };
  return new Proxy(c, {
    get(target, prop) {
      if (prop === 'query')
        return (...args: unknown[]) => {
          if (watch.ended) return refuse(args);
          if (deallocates(args[0])) forget();
          return watch.watch(args, () => Reflect.apply(query, target, args));
        };
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
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
