/**
 * Every event of every token, kept `EVENT_RETENTION_MS` on that token's clock: what `listEvents` pages through,
 * `recoverWebhook` and `resendEvent` send again (as they were, with their `event_id`).
 * 1. Each token's events are in the order they were made, numbered by one sequence that only grows: the list's cursor
 *    is that number (core/pages.ts), so an event made while a caller pages is on a later page, never skipped.
 * 2. An event is dropped once it is older than the retention on its token's clock (checked when the token's events are
 *    read or added), with it its delivery attempts (receiver-log.ts drops those by the same rule).
 */
import { EVENT_RETENTION_MS } from '../../protocol/events.js';
import type { TraceContext } from '../../protocol/trace-context.js';

/** An event as deliveries carry it and the events list answers it. */
export interface WebhookPayload {
  event_id: string;
  type: string;
  created_at: string;
  vendor: string;
  ref: string;
  application_id?: string;
  data: unknown;
}

export interface StoredEvent {
  readonly seq: number;
  readonly payload: WebhookPayload;
  readonly body: string;
  /** The token its application belongs to. */
  readonly owner: string;
  readonly trace: TraceContext | undefined;
  /** `created_at` in epoch ms (the token's clock). */
  readonly at: number;
}

export class EventLog {
  #seq = 0;
  readonly #byToken = new Map<string, StoredEvent[]>();
  readonly #byId = new Map<string, StoredEvent>();
  readonly #now: (tokenId: string) => number;

  constructor(now: (tokenId: string) => number) {
    this.#now = now;
  }

  add(payload: WebhookPayload, body: string, owner: string, trace: TraceContext | undefined): StoredEvent {
    const event: StoredEvent = { seq: ++this.#seq, payload, body, owner, trace, at: Date.parse(payload.created_at) };
    let list = this.#byToken.get(owner);
    if (!list) this.#byToken.set(owner, (list = []));
    list.push(event);
    this.#byId.set(payload.event_id, event);
    this.#prune(owner);
    return event;
  }

  get(eventId: string): StoredEvent | undefined {
    const event = this.#byId.get(eventId);
    if (event) this.#prune(event.owner);
    return this.#byId.get(eventId);
  }

  /** The token's kept events, oldest first. */
  of(owner: string): readonly StoredEvent[] {
    this.#prune(owner);
    return this.#byToken.get(owner) ?? [];
  }

  /** The oldest time still kept for a token: its clock's now less the retention. */
  oldest(owner: string): number {
    return this.#now(owner) - EVENT_RETENTION_MS;
  }

  #prune(owner: string): void {
    const list = this.#byToken.get(owner);
    if (!list?.length) return;
    const oldest = this.oldest(owner);
    let n = 0;
    while (n < list.length && list[n]!.at < oldest) this.#byId.delete(list[n++]!.payload.event_id);
    if (n) list.splice(0, n);
  }
}
