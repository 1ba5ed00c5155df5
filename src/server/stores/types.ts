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

/** The value stored for a finished event; owners are random ids and never equal this. */
export const DONE = 'done';
