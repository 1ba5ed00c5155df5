/**
 * Signed, at-least-once webhook delivery.
 * 1. Each event goes to every receiver of the token its application belongs to (never another token's); with
 *    probability `duplicateRate` (seeded) it is sent a second time.
 * 2. One FIFO queue per (receiver, application): an event is not sent before the previous one of that application
 *    was accepted or gave up, so receivers see each application's events in order.
 * 3. A non-2xx answer, a timeout or a network error is retried with exponential back-off up to `attempts` tries.
 * 4. Besides the full log, each receiver keeps its last `RECENT_DELIVERIES` attempts (a bounded ring) for the index
 *    page.
 * 5. The last failed attempt of an event is marked `gave_up`; a receiver that answers a signature error
 *    (`BAD_SIGNATURE`, `UNKNOWN_KEY` in its body) gets a `hint` naming the key the sandbox signs with.
 * 6. An event sent can be sent again on request (`resend`): to the receivers its token has now, as the first copy
 *    (a receiver's exactly-once handling answers it as a duplicate of a done event).
 * 7. An opt-in type (OPT_IN_WEBHOOK_TYPES: `journey.session`) goes only to the receivers whose `events` name it.
 * 8. At most `MAX_IN_FLIGHT` attempts are on the wire to one receiver at a time (the other applications' queues wait
 *    their turn), so a clock advance that makes a thousand events due at once does not open a thousand connections.
 */
import type { Random } from '../data/random.js';
import type { TraceContext } from '../../protocol/trace-context.js';
import { type SandboxTracing, deliveryAttempt } from '../core/trace.js';
import { createPoster } from './post.js';
import { OPT_IN_WEBHOOK_TYPES } from '../../protocol/webhooks.js';

const OPT_IN: ReadonlySet<string> = new Set(OPT_IN_WEBHOOK_TYPES);

export interface WebhookReceiver {
  /** Where deliveries are POSTed. @example 'http://127.0.0.1:3000/webhooks' */
  url: string;
  /** Token id the deliveries are signed with. @example 'sandbox_token' */
  tokenId: string;
  /** Its secret; for the `'standard'` scheme a `whsec_<base64>` key. @example 'sandbox_secret' */
  secret: string;
  /** `'hmac'` (default): the API's request-signing scheme over the receiver's path; `'standard'`: Standard Webhooks. */
  scheme?: 'hmac' | 'standard';
  /** Only these event types are delivered; default every type. @example ['consent.authorised', 'crawl.completed'] */
  events?: readonly string[];
}

/** A receiver as the sender holds it: with its id (`wh_{n}`, never reused, so it stays valid after a delete). */
export interface RegisteredReceiver extends WebhookReceiver {
  readonly id: string;
}

export interface RetryPolicy {
  /** Tries per delivery, the first included. Default 8. */
  attempts?: number;
  /** Delay before the first retry; doubles each time. Default 500 ms (8 tries span about a minute). */
  baseDelayMs?: number;
  /** Longest single delay. Default 30 000 ms. */
  maxDelayMs?: number;
  /** A receiver slower than this counts as failed. Default 5 000 ms. */
  timeoutMs?: number;
}

export interface WebhookPayload {
  event_id: string;
  type: string;
  created_at: string;
  vendor: string;
  ref: string;
  application_id?: string;
  data: unknown;
}

/** One HTTP attempt, as recorded for inspection. */
export interface Delivery {
  event_id: string;
  type: string;
  application_id: string | undefined;
  url: string;
  attempt: number;
  /** HTTP status, or `null` on timeout / network error. */
  status: number | null;
  error?: string;
  /** True for the deliberate second copy of an event. */
  duplicate: boolean;
  /** True for a copy sent again on request (`POST /sandbox/v1/deliveries/{event_id}/resend`). */
  resent?: true;
  at: string;
  /** Set on the last attempt of an event that never got a 2xx: the sender gave up on it. */
  gave_up?: true;
  /** What the receiver's answer suggests, e.g. which secret the sandbox signs with after a `BAD_SIGNATURE`. */
  hint?: string;
}

/** Signs one delivery; `path` is the receiver's path with query (what the signature covers). */
export type WebhookSigner = (o: {
  body: string;
  receiver: WebhookReceiver;
  path: string;
  eventId: string;
}) => Promise<Record<string, string>>;

/** Bytes of a receiver's answer read to look for a signature error code; the rest is discarded. */
const ANSWER_BYTES = 4096;

/** The hint for a receiver that refused the signature: which token and secret the sandbox signs its deliveries with. */
export function signatureHint(receiver: WebhookReceiver, answer: string): string | undefined {
  const code = /\b(BAD_SIGNATURE|UNKNOWN_KEY)\b/.exec(answer)?.[1];
  if (!code) return undefined;
  if (receiver.scheme === 'standard')
    return (
      `${code}: the sandbox signs this receiver's deliveries (Standard Webhooks) ` +
      'with the whsec_ secret it was given'
    );
  return (
    `${code}: the sandbox signs this receiver's deliveries as token '${receiver.tokenId}' with that token's secret ` +
    `(the token that registered it): verify with keys: [{ tokenId: '${receiver.tokenId}', secret: <its secret> }]`
  );
}

/** The first `ANSWER_BYTES` of a body, as text; the rest is read and dropped. */
/** Attempts on the wire to one receiver at a time. */
export const MAX_IN_FLIGHT = 8;

/** Attempts kept per receiver for the sandbox's index page (the full log is `deliveries()`). */
export const RECENT_DELIVERIES = 20;

interface Item {
  payload: WebhookPayload;
  body: string;
  duplicate: boolean;
  resent?: true;
  /** The event's creation context: every attempt sends a traceparent in its trace. */
  trace: TraceContext | undefined;
}
interface Queue {
  /** Its key in the sender's queues (receiver and application): an emptied queue leaves the map. */
  key: string;
  receiver: RegisteredReceiver;
  items: Item[];
  running: boolean;
}

export interface SenderOptions {
  receivers: WebhookReceiver[];
  duplicateRate: number;
  random: Random;
  retry?: RetryPolicy;
  sign: WebhookSigner;
  now(): Date;
  /**
   * Schedules a retry's wait on the clock of the receiver's token (the sandbox's, so that token advancing its clock
   * fires it); default setTimeout.
   */
  later?: (tokenId: string, ms: number, fn: () => void) => () => void;
  /** Called after every attempt (the sandbox's `log` option formats it). */
  onAttempt?: (attempt: Delivery) => void;
  /**
   * Called when an event is not sent to one of its token's receivers because that receiver's `events` leave its
   * type out (the sandbox's `log` option says so: a handler waiting for it would otherwise hear nothing).
   */
  onFiltered?: (event: WebhookPayload, receiver: RegisteredReceiver) => void;
  /** Records a CLIENT span per attempt when an OpenTelemetry SDK records. */
  tracing?: SandboxTracing | undefined;
}

export class WebhookSender {
  readonly #receivers: RegisteredReceiver[] = [];
  #nextId = 1;
  readonly #queues = new Map<string, Queue>();
  readonly #log: Delivery[] = [];
  /** Every event queued so far, by id, with the token its application belongs to (for `resend` and `ownerOf`). */
  readonly #events = new Map<
    string,
    { payload: WebhookPayload; body: string; owner: string; trace: TraceContext | undefined }
  >();
  readonly #recent = new Map<WebhookReceiver, Delivery[]>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #cancels = new Set<() => void>();
  /** Per receiver: attempts on the wire, and the queues waiting for a slot. */
  readonly #slots = new Map<WebhookReceiver, { busy: number; waiting: Array<() => void> }>();
  readonly #aborts = new Set<AbortController>();
  readonly #waiters: Array<() => void> = [];
  readonly #retry: Required<RetryPolicy>;
  #closed = false;
  readonly #options: SenderOptions;
  /** Keep-alive connections to the receivers, closed with the sender. */
  readonly #poster = createPoster(ANSWER_BYTES);

  constructor(options: SenderOptions) {
    this.#options = options;
    for (const r of options.receivers) this.addReceiver(r);
    this.#retry = { attempts: 8, baseDelayMs: 500, maxDelayMs: 30_000, timeoutMs: 5_000, ...options.retry };
  }

  addReceiver(receiver: WebhookReceiver): RegisteredReceiver {
    const registered = { ...receiver, id: `wh_${this.#nextId++}` };
    this.#receivers.push(registered);
    return registered;
  }

  listReceivers(): readonly RegisteredReceiver[] {
    return this.#receivers;
  }

  /** Changes which event types a receiver gets (undefined: every type), from the next event queued on. */
  setEvents(id: string, events: readonly string[] | undefined): void {
    const r = this.#receivers.find((x) => x.id === id);
    if (r) (r as WebhookReceiver).events = events;
  }

  /** Removes a receiver: nothing more is sent to it (an attempt already on the wire finishes; no retry follows). */
  removeReceiver(id: string): boolean {
    const i = this.#receivers.findIndex((r) => r.id === id);
    if (i < 0) return false;
    this.#receivers.splice(i, 1);
    return true;
  }

  /**
   * Queues `payload` for every receiver of `owner` (the token the application belongs to); `trace` is the event's
   * creation context, which every attempt's traceparent descends from.
   */
  enqueue(payload: WebhookPayload, owner: string, trace?: TraceContext): void {
    if (this.#closed) return;
    const body = JSON.stringify(payload);
    this.#events.set(payload.event_id, { payload, body, owner, trace });
    const duplicate = this.#options.random.chance(this.#options.duplicateRate);
    this.#queue({ payload, body, duplicate: false, trace }, owner, duplicate);
  }

  /** The token id an event's application belongs to, or undefined for an event never sent. */
  ownerOf(eventId: string): string | undefined {
    return this.#events.get(eventId)?.owner;
  }

  /**
   * Sends an event again, as it was, to every receiver its token has now that takes its type; answers how many
   * receivers it was queued for, or undefined for an event never sent.
   */
  resend(eventId: string): number | undefined {
    const event = this.#events.get(eventId);
    if (!event || this.#closed) return undefined;
    return this.#queue(
      { payload: event.payload, body: event.body, duplicate: false, resent: true, trace: event.trace },
      event.owner,
      false,
    );
  }

  #queue(item: Item, owner: string, duplicate: boolean): number {
    let queued = 0;
    this.#receivers.forEach((receiver) => {
      if (receiver.tokenId !== owner) return;
      // An opt-in type (`journey.session`) goes only to receivers that name it; one taking every type never asked.
      if (!receiver.events && OPT_IN.has(item.payload.type)) return;
      if (receiver.events && !receiver.events.includes(item.payload.type)) {
        this.#options.onFiltered?.(item.payload, receiver);
        return;
      }
      const key = `${receiver.id} ${item.payload.application_id ?? `${item.payload.vendor}/${item.payload.ref}`}`;
      let queue = this.#queues.get(key);
      if (!queue) this.#queues.set(key, (queue = { key, receiver, items: [], running: false }));
      queue.items.push({ ...item });
      if (duplicate) queue.items.push({ ...item, duplicate: true });
      queued++;
      if (!queue.running) void this.#drain(queue);
    });
    return queued;
  }

  /** Every attempt so far, oldest first. */
  deliveries(): Delivery[] {
    return [...this.#log];
  }

  /** The last `RECENT_DELIVERIES` attempts to `receiver`, oldest first. */
  recentDeliveries(receiver: WebhookReceiver): Delivery[] {
    return [...(this.#recent.get(receiver) ?? [])];
  }

  /** Events waiting for `receiver` (the one being tried included). */
  queued(receiver: WebhookReceiver): number {
    let n = 0;
    for (const q of this.#queues.values()) if (q.receiver === receiver) n += q.items.length;
    return n;
  }

  /** Resolves once every queue is empty (all events delivered or given up). */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  close(): void {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    for (const c of this.#cancels) c();
    for (const slot of this.#slots.values()) slot.waiting.shift()?.();
    for (const a of this.#aborts) a.abort();
    this.#poster.close();
    this.#timers.clear();
    for (const q of this.#queues.values()) q.items.length = 0;
    this.#settle();
  }

  #isIdle(): boolean {
    for (const q of this.#queues.values()) if (q.running || q.items.length > 0) return false;
    return true;
  }

  #settle(): void {
    if (!this.#isIdle() && !this.#closed) return;
    for (const w of this.#waiters.splice(0)) w();
  }

  async #drain(queue: Queue): Promise<void> {
    queue.running = true;
    const live = () => !this.#closed && this.#receivers.includes(queue.receiver);
    while (queue.items.length > 0 && live()) {
      const item = queue.items[0]!;
      for (let attempt = 1; attempt <= this.#retry.attempts && live(); attempt++) {
        if (await this.#inSlot(queue.receiver, () => this.#attempt(queue.receiver, item, attempt))) break;
        if (attempt < this.#retry.attempts)
          await this.#sleep(
            queue.receiver.tokenId,
            Math.min(this.#retry.maxDelayMs, this.#retry.baseDelayMs * 2 ** (attempt - 1)),
          );
      }
      queue.items.shift();
    }
    if (!live()) queue.items.length = 0;
    queue.running = false;
    // An emptied queue leaves the map (the next event of its application makes a new one), so the map holds the
    // queues with work, not every application the sender ever delivered for.
    if (this.#queues.get(queue.key) === queue) this.#queues.delete(queue.key);
    this.#settle();
  }

  async #attempt(receiver: WebhookReceiver, item: Item, attempt: number): Promise<boolean> {
    const url = new URL(receiver.url);
    const record: Delivery = {
      event_id: item.payload.event_id,
      type: item.payload.type,
      application_id: item.payload.application_id,
      url: receiver.url,
      attempt,
      status: null,
      duplicate: item.duplicate,
      ...(item.resent ? { resent: true as const } : {}),
      at: this.#options.now().toISOString(),
    };
    const abort = new AbortController();
    this.#aborts.add(abort);
    const timer = setTimeout(() => abort.abort(), this.#retry.timeoutMs);
    const traced = item.trace && deliveryAttempt(this.#options.tracing, item.trace, item.payload.type, attempt);
    try {
      const headers = await this.#options.sign({
        body: item.body,
        receiver,
        path: url.pathname + url.search,
        eventId: item.payload.event_id,
      });
      const post = () =>
        this.#poster.post(
          url,
          { 'content-type': 'application/json', ...traced?.headers, ...headers },
          item.body,
          abort.signal,
        );
      const res = await (traced ? traced.within(post) : post());
      record.status = res.status;
      const ok = res.status >= 200 && res.status < 300;
      const hint = ok ? undefined : signatureHint(receiver, res.text);
      if (hint) record.hint = hint;
      if (!ok && attempt >= this.#retry.attempts) record.gave_up = true;
      return ok;
    } catch (error) {
      record.error = abort.signal.aborted ? 'timeout' : error instanceof Error ? error.message : String(error);
      if (attempt >= this.#retry.attempts) record.gave_up = true;
      return false;
    } finally {
      clearTimeout(timer);
      traced?.end(record.status);
      this.#aborts.delete(abort);
      this.#log.push(record);
      this.#remember(receiver, record);
      this.#options.onAttempt?.(record);
    }
  }

  /** Runs one attempt once the receiver has a free slot; false without running it when the sender closed meanwhile. */
  async #inSlot(receiver: WebhookReceiver, run: () => Promise<boolean>): Promise<boolean> {
    let slot = this.#slots.get(receiver);
    if (!slot) this.#slots.set(receiver, (slot = { busy: 0, waiting: [] }));
    if (slot.busy >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => slot.waiting.push(resolve));
    if (this.#closed) {
      slot.waiting.shift()?.();
      return false;
    }
    slot.busy++;
    try {
      return await run();
    } finally {
      slot.busy--;
      slot.waiting.shift()?.();
    }
  }

  #remember(receiver: WebhookReceiver, record: Delivery): void {
    let ring = this.#recent.get(receiver);
    if (!ring) this.#recent.set(receiver, (ring = []));
    ring.push(record);
    if (ring.length > RECENT_DELIVERIES) ring.shift();
  }

  #sleep(tokenId: string, ms: number): Promise<void> {
    const later = this.#options.later;
    if (later)
      return new Promise((resolve) => {
        const cancel = later(tokenId, ms, () => {
          this.#cancels.delete(cancel);
          resolve();
        });
        this.#cancels.add(cancel);
      });
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.#timers.delete(t);
        resolve();
      }, ms);
      this.#timers.add(t);
    });
  }
}
