/**
 * Dedupe store contract for exactly-once webhook handling. A delivery first *claims* its event id with a short lease,
 * under an owner token (a random id per delivery), the handler runs while its owner *renews* the lease, then the owner
 * *completes* it (kept for a long TTL, longer than the sender's whole retry window) or *releases* it on failure.
 * Renew, complete and release act only while the caller's owner token still holds the claim; once a claim has left an
 * owner (expired, taken by another delivery, completed, released) that owner can never hold it again, so a `true` from
 * complete proves that no other delivery claimed the event between this owner's claim and its completion.
 * Any method may reject when the backing service is unreachable; the handler answers 503 and marks nothing done.
 */
/**
 * 'claimed': the caller owns the event now · 'in_flight': another owner holds it · 'done': it was completed ·
 * 'busy': the store cannot take another claim right now (a full MemoryDedupeStore whose entries are all in progress).
 */
export type ClaimResult = 'claimed' | 'in_flight' | 'done' | 'busy';

export interface DedupeStore {
  claim(eventId: string, owner: string, leaseMs: number): Promise<ClaimResult>;
  /** Extends the lease to `leaseMs` from now; false when `owner` no longer holds the claim. */
  renew(eventId: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Marks done for `ttlMs`; false when `owner` no longer holds the claim (the lease ran out, or another took it). */
  complete(eventId: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Drops the claim so a retry can run; false when `owner` no longer holds it. */
  release(eventId: string, owner: string): Promise<boolean>;
}

/**
 * Where `handler.catchUp` keeps how far it got (an ISO time: every event before it was handled), beside the done-marks,
 * so a second call without `since` carries on there. Memory, Redis and PostgresInbox have it; a store without it
 * needs `since` on every call.
 */
export interface CheckpointStore {
  /** The checkpoint saved under `name`, or undefined before the first. */
  readCheckpoint(name: string): Promise<string | undefined>;
  writeCheckpoint(name: string, value: string): Promise<void>;
}

/** The value stored for a finished event; owners are random ids and never equal this. */
export const DONE = 'done';

/**
 * A store that runs each delivery inside the integrator's own database transaction (a transactional inbox, e.g.
 * PostgresInbox): the handler's effects and the done-mark commit together or not at all. The webhook handler takes this
 * path for any store with a `begin` method; it needs no lease (an open transaction holds its claim until it ends, and
 * the database ends it when the connection dies).
 * @example createWebhookHandler({ verify, store: new PostgresInbox({ pool }), on: { '*': (e, c) => save(c.db, e) } })
 */
export interface InboxStore<Db = unknown> {
  /**
   * Opens a transaction and claims `eventId` in it without waiting for another delivery of the same event:
   * 'done' when it was committed before, 'in_flight' when another transaction holds it now, else the open transaction.
   * Rejects when the database is unreachable (nothing opened).
   */
  begin(eventId: string): Promise<InboxTransaction<Db> | 'in_flight' | 'done'>;
}

/** One open transaction holding the claim of one event. Exactly one of commit() or rollback() is called. */
export interface InboxTransaction<Db = unknown> {
  /** The connection inside the transaction; handlers write their effects through it (`ctx.db`). */
  readonly db: Db;
  /** Aborted when the connection is lost while the transaction is open: nothing written through `db` will commit. */
  readonly signal: AbortSignal;
  /** Marks the event done and commits with the handler's writes. Rejects when that is not certain to have happened. */
  commit(): Promise<void>;
  /** Rolls back the handler's writes and the claim. Rejects when the database could not be reached to do so. */
  rollback(): Promise<void>;
}
