/**
 * What a signed API call records, per attempt as OpenTelemetry's HTTP client conventions ask: one CLIENT span named
 * `<METHOD> <route template>` (the template of the operation's row, never the filled-in path or its query),
 * and `http.client.request.duration`. A retry is a new span with `http.request.resend_count`. The span is active while
 * the attempt runs, so an instrumented `fetch` nests under it.
 */
import { type Telemetry, instrumentsOf, safeLog } from './resolve.js';
import { ERROR_TYPE, SpanKind, endSpan, errorName, seconds, secondsHistogram, withSpan } from './record.js';
import { countIgnored, makeIgnoredCounter, parentFor, traceOfSpan } from './trace.js';
import type { Attributes, Logger, OtelMeter } from './types.js';
import type { ParsedTraceparent, TraceContext } from '../../protocol/trace-context.js';

export const CLIENT_ATTR = {
  method: 'http.request.method',
  address: 'server.address',
  port: 'server.port',
  template: 'url.template',
  status: 'http.response.status_code',
  errorType: ERROR_TYPE,
  resendCount: 'http.request.resend_count',
  operation: 'hosted_journey.operation',
} as const;

export const CLIENT_METRICS = { duration: 'http.client.request.duration' } as const;

/** What the observer reads of an attempt's outcome (transport.ts's Attempt). */
interface AttemptResult {
  ok: boolean;
  error?: unknown;
  retryable?: boolean;
}

/** A call as the observer reads it: what it is, and the trace context its caller passed (parsed), if any. */
export interface ObservedCall {
  operation: string;
  method: string;
  /** The operation's route template, e.g. `/api/v1/{vendor}/{ref}/profile`. */
  template: string;
  trace?: ParsedTraceparent | undefined;
}

/**
 * Runs one attempt with the fetch it must use (the observer's, which notes the response status) and the trace
 * context it sends: the attempt's span's own (the span is a child of the active span, else of the caller's context),
 * or, with nothing recording, the caller's valid context as given.
 */
export type ObservedAttempt = <R extends AttemptResult>(
  call: ObservedCall,
  resendCount: number,
  attempt: (fetch: typeof globalThis.fetch, trace: TraceContext | undefined) => Promise<R>,
) => Promise<R>;

/** The caller's context to send as is, when valid. */
export const givenTrace = (call: ObservedCall): TraceContext | undefined =>
  call.trace?.ok ? call.trace.context : undefined;

export function clientObserver(
  tel: Telemetry | undefined,
  logger: Logger | undefined,
  baseUrl: string,
  fetch: typeof globalThis.fetch,
): ObservedAttempt | undefined {
  if (!tel && !logger) return undefined;
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const server: Attributes = {
    [CLIENT_ATTR.address]: base.hostname,
    [CLIENT_ATTR.port]: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
  };
  const instruments = tel && instrumentsOf(tel, makeInstruments);
  return async (call, resendCount, attempt) => {
    const on = tel && !tel.idle() ? tel : undefined;
    if (!on && !logger) return attempt(fetch, givenTrace(call));
    const template = prefix + call.template;
    const attrs: Attributes = { ...server, [CLIENT_ATTR.method]: call.method, [CLIENT_ATTR.template]: template };
    if (resendCount > 0) attrs[CLIENT_ATTR.resendCount] = resendCount;
    if (on && resendCount === 0 && call.trace && !call.trace.ok)
      countIgnored(instruments!().ignored, 'client_call', call.trace.problem);
    const span = on?.tracer.startSpan(
      `${call.method} ${template}`,
      { kind: SpanKind.CLIENT, attributes: attrs },
      parentFor(on, call.trace),
    );
    const trace = (span && traceOfSpan(span)) ?? givenTrace(call);
    let status: number | undefined;
    const noting: typeof globalThis.fetch = async (input, init) => {
      const res = await fetch(input, init);
      status = res.status;
      return res;
    };
    const t0 = performance.now();
    let r: AttemptResult | undefined;
    try {
      r = await (span ? withSpan(on!, span, () => attempt(noting, trace)) : attempt(noting, trace));
      return r as never;
    } catch (e) {
      r = { ok: false, error: e };
      throw e;
    } finally {
      const took = seconds(t0, performance.now());
      const errorType = r?.ok
        ? undefined
        : status !== undefined && status >= 400
          ? String(status)
          : errorName(r?.error);
      const done: Attributes = { ...attrs };
      delete done[CLIENT_ATTR.resendCount];
      if (status !== undefined) done[CLIENT_ATTR.status] = status;
      if (errorType) done[CLIENT_ATTR.errorType] = errorType;
      if (span) {
        if (status !== undefined) span.setAttribute(CLIENT_ATTR.status, status);
        span.setAttribute(CLIENT_ATTR.operation, call.operation);
        endSpan(span, errorType);
      }
      if (on) instruments?.().duration.record(took, done);
      if (logger) logAttempt(logger, { call, resendCount, status, errorType, r, took });
    }
  };
}

function makeInstruments(meter: OtelMeter) {
  return {
    duration: secondsHistogram(meter, CLIENT_METRICS.duration, 'Duration of HTTP client requests (one per attempt)'),
    ignored: makeIgnoredCounter(meter),
  };
}

/** One attempt as the log sees it: its call, which resend it was, how it ended and how long it took (seconds). */
interface AttemptLog {
  call: { operation: string; method: string };
  resendCount: number;
  status: number | undefined;
  errorType: string | undefined;
  r: AttemptResult | undefined;
  took: number;
}

function logAttempt(logger: Logger, { call, resendCount, status, errorType, r, took }: AttemptLog): void {
  const fields: Record<string, unknown> = {
    operation: call.operation,
    method: call.method,
    resend_count: resendCount,
    duration_ms: Math.round(took * 1000),
  };
  if (status !== undefined) fields.status = status;
  if (errorType) fields.error_type = errorType;
  if (r?.ok) safeLog(logger, 'debug', fields, `hosted-journey-server: ${call.operation} answered`);
  else
    safeLog(
      logger,
      'warn',
      { ...fields, retryable: r?.retryable === true },
      `hosted-journey-server: ${call.operation} attempt failed`,
    );
}
