/**
 * Each receiver's delivery log and health, on its token's clock:
 * 1. Every attempt: when, the HTTP status or the network error, the latency, when the next attempt is due (null when
 *    none follows), the delivery's trace id; kept as long as the events (`EVENT_RETENTION_MS`), numbered by one
 *    growing sequence (the log's cursor, core/pages.ts).
 * 2. Which events the receiver acknowledged (a 2xx): `recoverWebhook` sends it the others.
 * 3. Since when every attempt failed: a receiver failing for `DISABLE_AFTER_MS` is disabled (the sender stops sending
 *    to it until it is recovered or registered again).
 */
import { DISABLE_AFTER_MS, EVENT_RETENTION_MS, type ReceiverDelivery } from '../../protocol/events.js';
import type { KnownFields } from '../../protocol/webhooks.js';

export interface LoggedAttempt extends KnownFields<ReceiverDelivery> {
  readonly seq: number;
  /** `at` in epoch ms. */
  readonly atMs: number;
}

interface Health {
  log: LoggedAttempt[];
  acked: Set<string>;
  failingSince: number | undefined;
  disabledAt: number | undefined;
}

export class ReceiverLogs {
  #seq = 0;
  readonly #health = new Map<string, Health>();

  #of(id: string): Health {
    let h = this.#health.get(id);
    if (!h) this.#health.set(id, (h = { log: [], acked: new Set(), failingSince: undefined, disabledAt: undefined }));
    return h;
  }

  /**
   * Records an attempt; answers true when it disables the receiver (a failure after `DISABLE_AFTER_MS` of nothing
   * but failures).
   */
  record(id: string, attempt: Omit<LoggedAttempt, 'seq'>): boolean {
    const h = this.#of(id);
    h.log.push({ ...attempt, seq: ++this.#seq });
    const kept = attempt.atMs - EVENT_RETENTION_MS;
    let n = 0;
    while (n < h.log.length && h.log[n]!.atMs < kept) n++;
    if (n) h.log.splice(0, n);
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    if (ok) {
      h.acked.add(attempt.event_id);
      h.failingSince = undefined;
      return false;
    }
    h.failingSince ??= attempt.atMs;
    if (h.disabledAt === undefined && attempt.atMs - h.failingSince >= DISABLE_AFTER_MS) {
      h.disabledAt = attempt.atMs;
      return true;
    }
    return false;
  }

  log(id: string): readonly LoggedAttempt[] {
    return this.#health.get(id)?.log ?? [];
  }

  acknowledged(id: string, eventId: string): boolean {
    return this.#health.get(id)?.acked.has(eventId) ?? false;
  }

  /** When every attempt began failing, and when the receiver was disabled; undefined when it is not. */
  state(id: string): { failingSince: number | undefined; disabledAt: number | undefined } {
    const h = this.#health.get(id);
    return { failingSince: h?.failingSince, disabledAt: h?.disabledAt };
  }

  disabled(id: string): boolean {
    return this.#health.get(id)?.disabledAt !== undefined;
  }

  /** Sends to the receiver again: not disabled, and its failures counted afresh. */
  enable(id: string): void {
    const h = this.#of(id);
    h.disabledAt = undefined;
    h.failingSince = undefined;
  }
}
