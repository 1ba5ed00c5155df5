/**
 * Signed, at-least-once webhook delivery.
 * 1. Each event goes to every receiver of the token its application belongs to (never another token's); with
 *    probability `duplicateRate` (seeded) it is sent a second time.
 * 2. One FIFO queue per (receiver, application): an event is not sent before the previous one of that application
 *    was accepted or gave up, so receivers see each application's events in order.
 * 3. A non-2xx answer, a timeout or a network error is retried on the published schedule (RETRY_SCHEDULE_MS: 8
 *    attempts over 27 h 35 min, each wait moved by up to ±10 %, seeded), on the receiver's token's clock; a policy with
 *    `attempts` or `baseDelayMs` retries with exponential back-off instead.
 * 4. Besides the full log, each receiver keeps its last `RECENT_DELIVERIES` attempts (a bounded ring) for the index
 *    page.
 * 5. The last failed attempt of an event is marked `gave_up`; a receiver that answers a signature error
 *    (`BAD_SIGNATURE`, `UNKNOWN_KEY` in its body) gets a `hint` naming the key the sandbox signs with.
 * 6. An event sent can be sent again on request (`resend`): to the receivers its token has now, as the first copy
 *    (a receiver's exactly-once handling answers it as a duplicate of a done event).
 * 7. An opt-in type (OPT_IN_WEBHOOK_TYPES: `journey.session`) goes only to the receivers whose `events` name it.
 * 8. Every event is kept `EVENT_RETENTION_MS` (event-log.ts), and every attempt in its receiver's log
 *    (receiver-log.ts); a receiver whose attempts all failed for `DISABLE_AFTER_MS` is disabled: nothing more is sent
 *    to it, and `webhook.disabled` goes to its token's other receivers, until `recover` (or registering it again).
 * 9. At most `MAX_IN_FLIGHT` attempts are on the wire to one receiver at a time (the other applications' queues wait
 *    their turn), so a clock advance that makes a thousand events due at once does not open a thousand connections.
 */
import type { Random } from '../data/random.js';
import type { TraceContext } from '../../protocol/trace-context.js';
import { type SandboxTracing, deliveryAttempt } from '../core/trace.js';
import { createPoster } from './post.js';
import { OPT_IN_WEBHOOK_TYPES } from '../../protocol/webhooks.js';

const OPT_IN: ReadonlySet<string> = new Set(OPT_IN_WEBHOOK_TYPES);
import { DISABLE_AFTER_MS, RETRY_JITTER, RETRY_SCHEDULE_MS } from '../../protocol/events.js';
import type { WebhookData } from '../../protocol/webhooks.js';
import { EventLog, type StoredEvent, type WebhookPayload } from './event-log.js';

export type { WebhookPayload } from './event-log.js';
import { ReceiverLogs } from './receiver-log.js';

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
  /**
   * The wait before each attempt, the first (0: at once) included; each wait but the first moves by up to `jitter`.
   * Default the published schedule, RETRY_SCHEDULE_MS (8 attempts over 27 h 35 min). @example [0, 1000, 60_000]
   */
  schedule?: readonly number[];
  /** The most a scheduled wait moves, as a fraction of it. Default 0.1. @example 0 */
  jitter?: number;
  /** Tries per delivery, the first included: given (or `baseDelayMs`), the waits are exponential instead. */
  attempts?: number;
  /** With `attempts`: the delay before the first retry, doubling each time. Default 500 ms. */
  baseDelayMs?: number;
  /** With `attempts`: the longest single delay. Default 30 000 ms. */
  maxDelayMs?: number;
  /** A receiver slower than this counts as failed. Default 5 000 ms. */
  timeoutMs?: number;
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
  /** After a failed attempt: when the next is due (epoch ms on the token's clock), as the log announces it. */
  due?: number;
}
interface Queue {
  /** Its key in the sender's queues (receiver and application): an emptied queue leaves the map. */
  key: string;
  receiver: RegisteredReceiver;
  items: Item[];
  running: boolean;
  /** Ends the wait before its next retry now (`recover`). */
  wake?: (() => void) | undefined;
}

export interface SenderOptions {
  receivers: WebhookReceiver[];
  duplicateRate: number;
  random: Random;
  retry?: RetryPolicy;
  sign: WebhookSigner;
  now(): Date;
  /** The time on a token's clock (what its events, retention and delivery logs read); default `now`. */
  clockOf?: (tokenId: string) => Date;
  /** Moves each scheduled wait by up to the policy's `jitter` (seeded); without it no wait moves. */
  jitter?: Random;
  /**
   * Schedules a retry's wait on the clock of the receiver's token (the sandbox's, so that token advancing its clock
   * fires it); default setTimeout.
   */
  at?: (tokenId: string, dueMs: number, fn: () => void) => () => void;
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
  /** Every event of the retention, by token and by id (for the events list, `resend`, `recover` and `ownerOf`). */
  readonly #events: EventLog;
  /** Each receiver's attempts, acknowledgements and health. */
  readonly #logs = new ReceiverLogs();
  readonly #recent = new Map<WebhookReceiver, Delivery[]>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #cancels = new Set<() => void>();
  /** Per receiver: attempts on the wire, and the queues waiting for a slot. */
  readonly #slots = new Map<WebhookReceiver, { busy: number; waiting: Array<() => void> }>();
  readonly #aborts = new Set<AbortController>();
  readonly #waiters: Array<() => void> = [];
  /** Queues draining and not waiting for a retry's time, and who waits for none to be (`settled`). */
  #awake = 0;
  readonly #settledWaiters: Array<() => void> = [];
  readonly #retry: { waits: readonly number[]; jitter: number; timeoutMs: number };
  #closed = false;
  readonly #options: SenderOptions;
  /** Keep-alive connections to the receivers, closed with the sender. */
  readonly #poster = createPoster(ANSWER_BYTES);

  constructor(options: SenderOptions) {
    this.#options = options;
    this.#events = new EventLog((tokenId) => this.#nowOf(tokenId).getTime());
    for (const r of options.receivers) this.addReceiver(r);
    this.#retry = resolveRetry(options.retry ?? {});
  }

  #nowOf(tokenId: string): Date {
    return this.#options.clockOf?.(tokenId) ?? this.#options.now();
  }

  addReceiver(receiver: WebhookReceiver): RegisteredReceiver {
    const registered = { ...receiver, id: `wh_${this.#nextId++}` };
    // The same URL registered again is a new receiver: failures are counted afresh.
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
    this.#events.add(payload, body, owner, trace);
    const duplicate = this.#options.random.chance(this.#options.duplicateRate);
    this.#queue({ payload, body, duplicate: false, trace }, owner, duplicate);
  }

  /** The token id an event's application belongs to, or undefined for an event never sent. */
  ownerOf(eventId: string): string | undefined {
    return this.#events.get(eventId)?.owner;
  }

  /** A token's events of the retention, oldest first (each with its sequence number and time). */
  eventsOf(owner: string): readonly StoredEvent[] {
    return this.#events.of(owner);
  }

  /** The oldest time a token's events are kept from (its clock's now less the retention), epoch ms. */
  oldestKept(owner: string): number {
    return this.#events.oldest(owner);
  }

  /** A receiver's delivery log, and whether it is disabled. */
  receiverLog(id: string) {
    return { log: this.#logs.log(id), ...this.#logs.state(id) };
  }

  /**
   * Sends `receiver` again every event of its token made in [since, until) that it takes and never acknowledged
   * (and is not waiting in its queue), as it was; enables the receiver. Answers how many were queued.
   */
  recover(receiver: RegisteredReceiver, since: number, until = Number.POSITIVE_INFINITY): number {
    if (this.#closed) return 0;
    this.#logs.enable(receiver.id);
    // What already waits in its queues is retried now rather than queued twice.
    const waiting = new Set<string>();
    for (const q of this.#queues.values())
      if (q.receiver === receiver) {
        for (const item of q.items) waiting.add(item.payload.event_id);
        q.wake?.();
      }
    let queued = 0;
    for (const e of this.#events.of(receiver.tokenId)) {
      if (e.at < since || e.at >= until) continue;
      const id = e.payload.event_id;
      if (waiting.has(id) || this.#logs.acknowledged(receiver.id, id)) continue;
      if (receiver.events ? !receiver.events.includes(e.payload.type) : OPT_IN.has(e.payload.type)) continue;
      this.#push(receiver, { payload: e.payload, body: e.body, duplicate: false, resent: true, trace: e.trace });
      queued++;
    }
    return queued;
  }

  /** Sends to a disabled receiver again (a registration of its URL once more). */
  enable(id: string): void {
    this.#logs.enable(id);
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
      if (receiver.tokenId !== owner || this.#logs.disabled(receiver.id)) return;
      // An opt-in type (`journey.session`) goes only to receivers that name it; one taking every type never asked.
      if (!receiver.events && OPT_IN.has(item.payload.type)) return;
      if (receiver.events && !receiver.events.includes(item.payload.type)) {
        this.#options.onFiltered?.(item.payload, receiver);
        return;
      }
      this.#push(receiver, item, duplicate);
      queued++;
    });
    return queued;
  }

  /** Queues an item (and its deliberate copy) behind the receiver's earlier events of the same application. */
  #push(receiver: RegisteredReceiver, item: Item, duplicate = false): void {
    const key = `${receiver.id} ${item.payload.application_id ?? `${item.payload.vendor}/${item.payload.ref}`}`;
    let queue = this.#queues.get(key);
    if (!queue) this.#queues.set(key, (queue = { key, receiver, items: [], running: false }));
    queue.items.push({ ...item });
    if (duplicate) queue.items.push({ ...item, duplicate: true });
    if (!queue.running) void this.#drain(queue);
  }

  /** Disables a receiver that failed for DISABLE_AFTER_MS and tells its token's other receivers. */
  #disable(receiver: RegisteredReceiver, at: Date): void {
    const { failingSince } = this.#logs.state(receiver.id);
    const data: WebhookData<'webhook.disabled'> = {
      webhook_id: receiver.id,
      url: receiver.url,
      failing_since: new Date(failingSince ?? at.getTime() - DISABLE_AFTER_MS).toISOString(),
      disabled_at: at.toISOString(),
    };
    this.enqueue(
      {
        event_id: `evt_${crypto.randomUUID()}`,
        type: 'webhook.disabled',
        created_at: at.toISOString(),
        vendor: '',
        ref: '',
        data,
      },
      receiver.tokenId,
    );
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
    for (const w of this.#settledWaiters.splice(0)) w();
  }

  #isIdle(): boolean {
    for (const q of this.#queues.values()) if (q.running || q.items.length > 0) return false;
    return true;
  }

  /**
   * Resolves once no attempt is on the wire or waiting for a slot: every queue is empty or waiting for its next retry's
   * time (what a clock advance made due has been tried).
   */
  settled(): Promise<void> {
    if (this.#awake === 0 || this.#closed) return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push(resolve));
  }

  /** A queue stops (its wait before a retry, or its end): the last one to stop settles the sender. */
  #asleep(): void {
    if (--this.#awake === 0) for (const w of this.#settledWaiters.splice(0)) w();
  }

  #settle(): void {
    if (!this.#isIdle() && !this.#closed) return;
    for (const w of this.#waiters.splice(0)) w();
  }

  async #drain(queue: Queue): Promise<void> {
    queue.running = true;
    this.#awake++;
    const live = () =>
      !this.#closed && this.#receivers.includes(queue.receiver) && !this.#logs.disabled(queue.receiver.id);
    const { waits } = this.#retry;
    while (queue.items.length > 0 && live()) {
      const item = queue.items[0]!;
      for (let attempt = 1; attempt <= waits.length && live(); attempt++) {
        const wait = attempt < waits.length ? this.#wait(waits[attempt]!) : undefined;
        if (await this.#inSlot(queue.receiver, () => this.#attempt(queue.receiver, item, attempt, wait))) break;
        if (wait !== undefined) {
          this.#asleep();
          await this.#sleep(queue, item.due ?? this.#nowOf(queue.receiver.tokenId).getTime());
        }
      }
      queue.items.shift();
    }
    if (!live()) queue.items.length = 0;
    queue.running = false;
    this.#asleep();
    // An emptied queue leaves the map (the next event of its application makes a new one), so the map holds the
    // queues with work, not every application the sender ever delivered for.
    if (this.#queues.get(queue.key) === queue) this.#queues.delete(queue.key);
    this.#settle();
  }

  /** A scheduled wait moved by up to the jitter. */
  #wait(ms: number): number {
    const random = this.#options.jitter;
    if (!random || !this.#retry.jitter) return ms;
    return Math.round(ms * (1 + this.#retry.jitter * (2 * random.next() - 1)));
  }

  /** `wait`: how long until the next attempt should this one fail (undefined: none follows). */
  async #attempt(receiver: RegisteredReceiver, item: Item, attempt: number, wait: number | undefined) {
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
    const started = performance.now();
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
      if (!ok && wait === undefined) record.gave_up = true;
      return ok;
    } catch (error) {
      record.error = abort.signal.aborted ? 'timeout' : error instanceof Error ? error.message : String(error);
      if (wait === undefined) record.gave_up = true;
      return false;
    } finally {
      clearTimeout(timer);
      traced?.end(record.status);
      this.#aborts.delete(abort);
      this.#log.push(record);
      this.#remember(receiver, record);
      this.#logAttempt(receiver, item, record, { started, wait, traceId: traced ? item.trace?.traceId : undefined });
      this.#options.onAttempt?.(record);
    }
  }

  /** The attempt in its receiver's log (on the token's clock); a receiver it disables is disabled here. */
  #logAttempt(
    receiver: RegisteredReceiver,
    item: Item,
    record: Delivery,
    { started, wait, traceId }: { started: number; wait: number | undefined; traceId: string | undefined },
  ): void {
    const at = this.#nowOf(receiver.tokenId);
    const ok = record.status !== null && record.status >= 200 && record.status < 300;
    item.due = wait === undefined ? undefined : at.getTime() + wait;
    const disables = this.#logs.record(receiver.id, {
      event_id: record.event_id,
      type: record.type,
      attempt: record.attempt,
      at: at.toISOString(),
      atMs: at.getTime(),
      status: record.status,
      ...(record.error ? { error: record.error } : {}),
      latency_ms: Math.round(performance.now() - started),
      next_retry_at: ok || item.due === undefined ? null : new Date(item.due).toISOString(),
      ...(traceId ? { trace_id: traceId } : {}),
    });
    if (disables) this.#disable(receiver, at);
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

  /** Waits until `due` on the queue's token's clock, or until the queue is woken. */
  #sleep(queue: Queue, due: number): Promise<void> {
    const later = this.#options.at;
    return new Promise<void>((resolve) => {
      let stop: () => void;
      const done = () => {
        stop();
        this.#awake++; // now, as the clock fires it: settled() waits for the attempt this wakes
        queue.wake = undefined;
        resolve();
      };
      if (later) {
        const cancel = later(queue.receiver.tokenId, due, done);
        this.#cancels.add(cancel);
        stop = () => {
          cancel();
          this.#cancels.delete(cancel);
        };
      } else {
        const t = setTimeout(done, due - this.#nowOf(queue.receiver.tokenId).getTime());
        this.#timers.add(t);
        stop = () => {
          clearTimeout(t);
          this.#timers.delete(t);
        };
      }
      queue.wake = done;
    });
  }
}

/** The waits before each attempt (the first, 0, included), the jitter and the timeout a policy asks for. */
function resolveRetry(policy: RetryPolicy): { waits: readonly number[]; jitter: number; timeoutMs: number } {
  const timeoutMs = policy.timeoutMs ?? 5_000;
  if (policy.attempts === undefined && policy.baseDelayMs === undefined)
    return { waits: policy.schedule ?? RETRY_SCHEDULE_MS, jitter: policy.jitter ?? RETRY_JITTER, timeoutMs };
  const { attempts = 8, baseDelayMs = 500, maxDelayMs = 30_000 } = policy;
  const waits = Array.from({ length: attempts }, (_, i) => (i ? Math.min(maxDelayMs, baseDelayMs * 2 ** (i - 1)) : 0));
  return { waits, jitter: 0, timeoutMs };
}
