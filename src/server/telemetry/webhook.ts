/**
 * What a webhook delivery records: one CONSUMER span `process <event type>` around verification, the claim and the
 * integrator's function (which runs with the span active, so its own spans nest under it), the delivery counter, the
 * handler's and the whole delivery's durations, and the delay from the event's `created_at` to its processing.
 * Attributes are ids, types, codes and counts only (docs/observability.md lists them); never a header value, a
 * signature, a body or a field of the event's data.
 */
import type { WebhookEvent } from '../../protocol/webhooks.js';
import { type Telemetry, instrumentsOf, safeLog } from './resolve.js';
import { ERROR_TYPE, SpanKind, endSpan, errorName, seconds, secondsHistogram, withSpan } from './record.js';
import type { ParsedTraceparent } from '../../protocol/trace-context.js';
import type { QuietSpan } from './quiet.js';
import { countIgnored, makeIgnoredCounter, parentFor, spanContextOf } from './trace.js';
import type { Attributes, Logger, OtelMeter } from './types.js';

/** The webhook's attribute names, one place. */
export const WEBHOOK_ATTR = {
  operation: 'messaging.operation.type',
  eventId: 'messaging.message.id',
  eventType: 'hosted_journey.webhook.event_type',
  outcome: 'hosted_journey.webhook.outcome',
  store: 'hosted_journey.webhook.store',
  scheme: 'hosted_journey.webhook.scheme',
  status: 'http.response.status_code',
  errorType: ERROR_TYPE,
} as const;

export const WEBHOOK_METRICS = {
  deliveries: 'hosted_journey.webhook.deliveries',
  duration: 'hosted_journey.webhook.duration',
  handlerDuration: 'hosted_journey.webhook.handler.duration',
  delay: 'hosted_journey.webhook.delay',
} as const;

/** Event created → processed: from seconds to the sender's whole retry window (days). */
const DELAY_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 21_600, 86_400, 259_200];

/** What the handler tells the observer of one delivery. */
export interface DeliveryProbe {
  /** The delivery verified: names the span after the event type and records the delay since `created_at`. */
  verified(event: WebhookEvent, known: boolean): void;
  /** The integrator's function, timed (handler duration) when it runs. */
  timed<A>(run: (access: A) => unknown): (access: A) => Promise<unknown>;
}

/** The result a delivery ends with, as far as the observer reads it. */
interface Answer {
  status: number;
  outcome: string;
  body: string;
}

export interface WebhookObserver {
  /**
   * Whether a delivery now would record anything (an SDK registered, or a logger). When not, the handler runs the
   * delivery without the observer: no closure, no promise and no stack frame of its own, so a delivery's cost, and the
   * stack an error of its verification captures, are those of `telemetry: false`.
   */
  recording(): boolean;
  /** Runs `process` with the delivery's probe; `trace` reads its traceparent and tracestate when a span is made. */
  deliver<R extends Answer>(
    process: (probe: DeliveryProbe | undefined) => Promise<R>,
    trace: () => ParsedTraceparent | undefined,
  ): Promise<R>;
  /**
   * `handler.catchUp`: one span `receive events` (kind CLIENT) around the whole call, active while it runs, so each
   * event's `process <type>` span is its child; it ends with the summary's counts.
   */
  catchUp<R extends CatchUpCounts>(run: () => Promise<R>): Promise<R>;
}

/** The counts of a catch-up's summary, as its span records them. */
interface CatchUpCounts {
  seen: number;
  processed: number;
  alreadyDone: number;
  failed: number;
}

export interface WebhookObserverInfo {
  store: string;
  scheme: string;
}

/** Unknown types are one label value in metrics; spans keep the verified type. */
const OTHER = '_OTHER';

export function webhookObserver(
  tel: Telemetry | undefined,
  logger: Logger | undefined,
  info: WebhookObserverInfo,
): WebhookObserver | undefined {
  if (!tel && !logger) return undefined;
  const instruments = tel && instrumentsOf(tel, makeInstruments);
  const base: Attributes = { [WEBHOOK_ATTR.store]: info.store, [WEBHOOK_ATTR.scheme]: info.scheme };
  const recorded = async <R extends Answer>(
    on: Telemetry | undefined,
    process: (probe: Delivery) => Promise<R>,
    trace: () => ParsedTraceparent | undefined,
  ) => {
    const t0 = performance.now();
    const remote = on ? trace() : undefined;
    if (on && remote && !remote.ok) countIgnored(instruments!().ignored, 'webhook', remote.problem);
    const d = new Delivery(on, base, remote);
    try {
      const r = await (d.span ? withSpan(on!, d.span, () => process(d)) : process(d));
      d.end(r, on && instruments?.(), seconds(t0, performance.now()));
      if (logger) logDelivery(logger, d, r);
      return r;
    } catch (e) {
      d.fail(e);
      throw e;
    }
  };
  return {
    recording: () => logger !== undefined || (tel !== undefined && !tel.idle()),
    deliver: (process, trace) => recorded(tel && !tel.idle() ? tel : undefined, process, trace),
    catchUp(run) {
      const on = tel && !tel.idle() ? tel : undefined;
      return on ? catchUpSpan(on, base, run) : run();
    },
  };
}

/** The catch-up span's attributes beyond the webhook's. */
export const CATCH_UP_ATTR = {
  seen: 'messaging.batch.message_count',
  processed: 'hosted_journey.catch_up.processed',
  alreadyDone: 'hosted_journey.catch_up.already_done',
  failed: 'hosted_journey.catch_up.failed',
} as const;

async function catchUpSpan<R extends CatchUpCounts>(tel: Telemetry, base: Attributes, run: () => Promise<R>) {
  const span = tel.tracer.startSpan('receive events', {
    kind: SpanKind.CLIENT,
    attributes: { ...base, [WEBHOOK_ATTR.operation]: 'receive' },
  });
  if (!span) return run();
  try {
    const r = await withSpan(tel, span, run);
    span.setAttribute(CATCH_UP_ATTR.seen, r.seen);
    span.setAttribute(CATCH_UP_ATTR.processed, r.processed);
    span.setAttribute(CATCH_UP_ATTR.alreadyDone, r.alreadyDone);
    span.setAttribute(CATCH_UP_ATTR.failed, r.failed);
    endSpan(span, r.failed > 0 ? 'EVENTS_FAILED' : undefined);
    return r;
  } catch (e) {
    endSpan(span, errorName(e));
    throw e;
  }
}

function makeInstruments(meter: OtelMeter) {
  return {
    deliveries: meter.createCounter(WEBHOOK_METRICS.deliveries, {
      description: 'Webhook deliveries by outcome and event type',
      unit: '{delivery}',
    }),
    duration: secondsHistogram(
      meter,
      WEBHOOK_METRICS.duration,
      'A delivery from its arrival to its answer: verification, claim, handler, done-mark',
    ),
    handler: secondsHistogram(meter, WEBHOOK_METRICS.handlerDuration, "The integrator's function for one event"),
    delay: secondsHistogram(
      meter,
      WEBHOOK_METRICS.delay,
      "From the event's created_at to the start of its processing",
      DELAY_BUCKETS,
    ),
    ignored: makeIgnoredCounter(meter),
  };
}

type Instruments = ReturnType<typeof makeInstruments>;

/** One delivery's span and what its metrics are labelled with. */
class Delivery implements DeliveryProbe {
  readonly span: QuietSpan | undefined;
  eventId: string | undefined;
  eventType: string | undefined;
  #metricType: string | undefined;
  #delay: number | undefined;
  #handler: { seconds: number; failed: boolean } | undefined;

  /**
   * The span links to the delivery's context (the messaging conventions' creation context), and is its child unless
   * a span is already active (the integrator's HTTP server span, which then stays the parent).
   */
  constructor(tel: Telemetry | undefined, base: Attributes, remote: ParsedTraceparent | undefined) {
    if (!tel) return;
    const links = remote?.ok ? [{ context: spanContextOf(tel, remote.context) }] : undefined;
    this.span = tel.tracer.startSpan(
      'process webhook',
      {
        kind: SpanKind.CONSUMER,
        attributes: { ...base, [WEBHOOK_ATTR.operation]: 'process' },
        ...(links && { links }),
      },
      parentFor(tel, remote),
    );
  }

  verified(event: WebhookEvent, known: boolean): void {
    this.eventId = event.event_id;
    this.eventType = event.type;
    this.#metricType = known ? event.type : OTHER;
    const created = Date.parse(event.created_at);
    if (Number.isFinite(created)) this.#delay = Math.max(0, (Date.now() - created) / 1000);
    if (this.span?.isRecording()) {
      this.span.updateName(`process ${event.type}`);
      this.span.setAttribute(WEBHOOK_ATTR.eventId, event.event_id);
      this.span.setAttribute(WEBHOOK_ATTR.eventType, event.type);
    }
  }

  timed<A>(run: (access: A) => unknown): (access: A) => Promise<unknown> {
    return async (access) => {
      const t0 = performance.now();
      let failed = true;
      try {
        const r = await run(access);
        failed = false;
        return r;
      } finally {
        this.#handler = { seconds: seconds(t0, performance.now()), failed };
      }
    };
  }

  end(r: Answer, m: Instruments | undefined, took: number): void {
    const errorType = r.status >= 400 ? errorCode(r.body) : undefined;
    if (this.span) {
      this.span.setAttribute(WEBHOOK_ATTR.outcome, r.outcome);
      this.span.setAttribute(WEBHOOK_ATTR.status, r.status);
      endSpan(this.span, errorType);
    }
    if (!m) return;
    const labels: Attributes = { [WEBHOOK_ATTR.outcome]: r.outcome, [WEBHOOK_ATTR.eventType]: this.#metricType };
    if (errorType) labels[WEBHOOK_ATTR.errorType] = errorType;
    m.deliveries.add(1, labels);
    m.duration.record(took, labels);
    const typeOnly = { [WEBHOOK_ATTR.eventType]: this.#metricType };
    if (this.#delay !== undefined) m.delay.record(this.#delay, typeOnly);
    if (this.#handler) {
      const h = this.#handler;
      m.handler.record(h.seconds, h.failed ? { ...typeOnly, [WEBHOOK_ATTR.errorType]: 'HANDLER_FAILED' } : typeOnly);
    }
  }

  /** The handler threw instead of answering (a bug or a misuse, e.g. a bad delivery object): the span says so. */
  fail(e: unknown): void {
    if (this.span) endSpan(this.span, errorName(e));
  }

  get handlerSeconds(): number | undefined {
    return this.#handler?.seconds;
  }
}

/** The `error.code` of an answer's JSON body: one of the handler's own codes (replies of delivery.ts, verify codes). */
function errorCode(body: string): string {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : '_OTHER';
  } catch {
    return '_OTHER';
  }
}

/** One debug line per delivery: ids, type, outcome, status and timings. */
function logDelivery(logger: Logger, d: Delivery, r: Answer): void {
  const fields: Record<string, unknown> = { outcome: r.outcome, status: r.status };
  if (d.eventId !== undefined) fields.event_id = d.eventId;
  if (d.eventType !== undefined) fields.event_type = d.eventType;
  if (d.handlerSeconds !== undefined) fields.handler_ms = Math.round(d.handlerSeconds * 1000);
  safeLog(logger, 'debug', fields, `hosted-journey-server: webhook ${r.outcome}`);
}
