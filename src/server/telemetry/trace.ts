/**
 * W3C trace context across the helper's two doors: the traceparent a signed call sends, and the delivery context a
 * webhook's `process` span joins. Parsing and formatting are src/protocol/trace-context.ts's; here the parsed context
 * meets the OpenTelemetry API (a remote parent, a link) and what was ignored is counted.
 */
import type { ParsedTraceparent, TraceContext, TraceparentProblem } from '../../protocol/trace-context.js';
import type { Telemetry } from './resolve.js';
import type { OtelCounter, OtelMeter, OtelSpanContext } from './types.js';

export const TRACE_METRICS = { ignored: 'hosted_journey.trace_context.ignored' } as const;

export const TRACE_ATTR = {
  source: 'hosted_journey.trace_context.source',
  problem: 'hosted_journey.trace_context.problem',
} as const;

/** Where an ignored traceparent came from: a caller's call option, or a webhook delivery's header. */
export type TraceSource = 'client_call' | 'webhook';

export function makeIgnoredCounter(meter: OtelMeter): OtelCounter {
  return meter.createCounter(TRACE_METRICS.ignored, {
    description:
      'traceparent values ignored (missing, malformed, version ff, all-zero id, oversize): a new trace began',
    unit: '{traceparent}',
  });
}

export function countIgnored(counter: OtelCounter, source: TraceSource, problem: TraceparentProblem): void {
  counter.add(1, { [TRACE_ATTR.source]: source, [TRACE_ATTR.problem]: problem });
}

/** The API's span context of a parsed one (remote: it came over the wire). */
export function spanContextOf(tel: Telemetry, c: TraceContext): OtelSpanContext {
  const sc: OtelSpanContext = { traceId: c.traceId, spanId: c.spanId, traceFlags: c.flags, isRemote: true };
  if (c.tracestate !== undefined && tel.api.createTraceState) sc.traceState = tel.api.createTraceState(c.tracestate);
  return sc;
}

/** True when the active context holds a span with a valid context (the integrator's, or an instrumentation's). */
export function activeSpanValid(tel: Telemetry): boolean {
  const sc = tel.api.trace.getSpan?.(tel.api.context.active())?.spanContext?.();
  return !!sc && /[1-9a-f]/.test(sc.traceId) && /[1-9a-f]/.test(sc.spanId);
}

/**
 * The context a span starts in: the active one when a span is active in it (that span is the parent), else the
 * active one with `remote` as the parent; undefined (the active context) without a valid remote.
 */
export function parentFor(tel: Telemetry, remote: ParsedTraceparent | undefined): unknown {
  if (!remote?.ok || activeSpanValid(tel) || !tel.api.trace.setSpanContext) return undefined;
  return tel.api.trace.setSpanContext(tel.api.context.active(), spanContextOf(tel, remote.context));
}

/** A span's own context as the traceparent a request sends, so the receiver's spans are its children. */
export function traceOfSpan(span: { spanContext?(): OtelSpanContext | undefined }): TraceContext | undefined {
  const sc = span.spanContext?.();
  if (!sc || !/[1-9a-f]/.test(sc.traceId) || !/[1-9a-f]/.test(sc.spanId)) return undefined;
  const c: TraceContext = { traceId: sc.traceId, spanId: sc.spanId, flags: sc.traceFlags };
  const state = sc.traceState?.serialize();
  if (state) c.tracestate = state;
  return c;
}
