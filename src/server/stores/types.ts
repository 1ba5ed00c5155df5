/**
 * Dedupe store contract for exactly-once webhook handling. A delivery first *claims* its event id with a short lease
 * (one owner at a time), the handler runs, then the owner *completes* it (kept for a long TTL, longer than the sender's
 * whole retry window) or *releases* it on failure. Release and complete act only while the caller is still the owner.
 * Any method may reject when the backing service is unreachable; the handler answers 503 and marks nothing done.
 */
export type ClaimResult = 'claimed' | 'in_flight' | 'done';

export interface DedupeStore {
  claim(eventId: string, owner: string, leaseMs: number): Promise<ClaimResult>;
  /** Marks done for `ttlMs`; false when `owner` no longer holds the claim (the lease ran out). */
  complete(eventId: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Drops the claim so a retry can run; false when `owner` no longer holds it. */
  release(eventId: string, owner: string): Promise<boolean>;
}

/** The value stored for a finished event; owners are random ids and never equal this. */
export const DONE = 'done';
