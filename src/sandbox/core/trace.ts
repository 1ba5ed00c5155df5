/**
 * The sandbox's part of one trace from the customer's click to the integrator's webhook handler.
 * 1. A request's context is extracted once from its headers (`requestTrace`: the traceparent and tracestate, parsed
 *    strictly by src/protocol/trace-context.ts; an invalid one is ignored) and passed explicitly, as a propagator's
 *    extracted context is: the router hands its handlers a context bound to it (`SandboxContext.request`). Nothing is
 *    read from whatever request happens to be current.
 * 2. An application adopts the context of a request about it that carried a valid traceparent — the call that
 *    started or finalised it, the journey's own calls — or, with none, a trace of its own made at its first event.
 *    Only a request about it: the one that names it, or whose handling sends an event about it.
 * 3. Each event is created in its request's context while that request is handled, else (a timer's event: a crawl,
 *    a consent warning or expiry, a timeout) in the application's. A timer never runs inside the request that fired
 *    it (core/clock.ts), so one caller's clock advance never lends its trace, nor its tracestate, to another's events.
 *    Each delivery attempt of an event sends a traceparent in the event's trace (its own span id), so the receiver's
 *    `process` span joins it.
 * 4. With `@opentelemetry/api` installed and an SDK registered (or providers passed in the `telemetry` option), the
 *    sandbox records spans under the scope `hosted-journey-sandbox`: one SERVER span per request about an
 *    application, a PRODUCER span per event created, a CLIENT span per delivery attempt. Absent, nothing is loaded
 *    or built beyond the ids the headers need.
 */
import {
  type ParsedTraceparent,
  TRACE_HEADERS,
  type TraceContext,
  childContext,
  formatTraceparent,
  parseTraceHeaders,
} from '../../protocol/trace-context.js';
import {
  type OpenTelemetryApi,
  type OtelSpan,
  type OtelSpanContext,
  type OtelTracer,
  type TelemetryOptions,
  loadOpenTelemetry,
} from '../../server/telemetry/index.js';
import type { Application, EventSubject } from './state.js';

export const SANDBOX_SCOPE = 'hosted-journey-sandbox';
const KIND = { SERVER: 1, CLIENT: 2, PRODUCER: 3 } as const;

export interface SandboxTracing {
  api: OpenTelemetryApi;
  tracer: OtelTracer;
}

/** The `telemetry` option resolved once: undefined when nothing is recorded (false, or the API not installed). */
export function resolveSandboxTracing(option: Pick<TelemetryOptions, 'api' | 'tracerProvider'> | false | undefined) {
  if (option === false) return undefined;
  const api = option?.api ?? loadOpenTelemetry();
  if (!api) return undefined;
  const tracer = (option?.tracerProvider ?? api.trace.getTracerProvider()).getTracer(SANDBOX_SCOPE);
  return { api, tracer } satisfies SandboxTracing;
}

/** One request's trace: the context it carried, what it turned out to concern, and its span's name. */
export interface RequestTrace {
  readonly trace: ParsedTraceparent;
  app?: Application;
  /** The span's name: method and route template, never a filled-in path. */
  name?: string;
  /** Set once the request is answered: a timer it set fires later in the application's context, not in it. */
  ended?: true;
}

/** A request's context, extracted from its headers. */
export function requestTrace(headers: Record<string, string | string[] | undefined>): RequestTrace {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(', ') : v);
  return { trace: parseTraceHeaders(one(headers[TRACE_HEADERS.traceparent]), one(headers[TRACE_HEADERS.tracestate])) };
}

/** Names the request's span (its route is known). */
export function nameRequest(request: RequestTrace, name: string): void {
  request.name = name;
}

/** `request` concerns `app`: the application adopts the request's valid context. */
export function noteApplication(request: RequestTrace | undefined, app: Application | undefined): void {
  if (!request || request.ended || !app) return;
  request.app = app;
  if (request.trace.ok) app.trace = request.trace.context;
}

const consentTraces = new WeakMap<object, TraceContext>();

/**
 * A consent keeps the context of the request that opened it (the journey's call, or the integrator's), else its
 * application's: the bank-return page, which the bank's redirect loads with no context of its own, calls in it.
 */
export function noteConsent(consent: object, app: Application, request: RequestTrace | undefined): void {
  const c = request && !request.ended && request.trace.ok ? request.trace.context : app.trace;
  if (c) consentTraces.set(consent, c);
}

/** The consent's context (noteConsent) as the traceparent its bank-return page sends. */
export function consentTraceparent(consent: object | undefined): string | undefined {
  const c = consent && consentTraces.get(consent);
  return c && formatTraceparent(c);
}

/**
 * The context an event about `app` is created in: `request`'s while it is handled (the application adopts it),
 * else the application's (made once).
 */
export function eventParent(app: EventSubject, request: RequestTrace | undefined): TraceContext {
  if ('status' in app) noteApplication(request, app as Application);
  if (request && !request.ended && request.trace.ok) return request.trace.context;
  app.trace ??= childContext();
  return app.trace;
}

function spanContextOf(c: TraceContext): OtelSpanContext {
  return { traceId: c.traceId, spanId: c.spanId, traceFlags: c.flags, isRemote: true };
}

/** A span in `parent`'s trace; its own context (or, unrecorded, a new span id in the trace) for what follows it. */
function spanIn(
  t: SandboxTracing | undefined,
  parent: TraceContext,
  { name, kind, startTime }: { name: string; kind: number; startTime?: number },
): { span: OtelSpan | undefined; context: TraceContext } {
  if (!t?.api.trace.setSpanContext) return { span: undefined, context: childContext(parent) };
  const ctx = t.api.trace.setSpanContext(t.api.context.active(), spanContextOf(parent));
  const span = t.tracer.startSpan(name, { kind, ...(startTime !== undefined && { startTime }) } as never, ctx);
  const sc = span.spanContext?.();
  if (!sc || !span.isRecording()) return { span, context: childContext(parent) };
  const context: TraceContext = { traceId: sc.traceId, spanId: sc.spanId, flags: sc.traceFlags };
  if (parent.tracestate !== undefined) context.tracestate = parent.tracestate;
  return { span, context };
}

/** The PRODUCER span of an event's creation (ended at once): its context is the one every delivery descends from. */
export function createEvent(t: SandboxTracing | undefined, parent: TraceContext, type: string): TraceContext {
  const { span, context } = spanIn(t, parent, { name: `create ${type}`, kind: KIND.PRODUCER });
  span?.setAttribute('messaging.operation.type', 'create');
  span?.end();
  return context;
}

/** One delivery attempt: its CLIENT span (ended by `end`) and the headers naming it as the receiver's parent. */
export function deliveryAttempt(t: SandboxTracing | undefined, created: TraceContext, type: string, attempt: number) {
  const { span, context } = spanIn(t, created, { name: `send ${type}`, kind: KIND.CLIENT });
  span?.setAttribute('messaging.operation.type', 'send');
  if (attempt > 1) span?.setAttribute('http.request.resend_count', attempt - 1);
  const headers: Record<string, string> = { [TRACE_HEADERS.traceparent]: formatTraceparent(context) };
  if (context.tracestate !== undefined) headers[TRACE_HEADERS.tracestate] = context.tracestate;
  return {
    headers,
    /**
     * Runs the attempt's request with this span active, so an HTTP instrumentation in the same process (the sandbox
     * started inside the integrator's app) makes its client span a child of it and sends a traceparent in the event's
     * trace, not in that of whatever request happened to cause the event.
     */
    within<T>(fn: () => T): T {
      const api = t?.api;
      if (!api?.trace.setSpanContext) return fn();
      const active = api.context.active();
      return api.context.with(
        span?.isRecording()
          ? api.trace.setSpan(active, span)
          : api.trace.setSpanContext(active, spanContextOf(context)),
        fn,
      );
    },
    end(status: number | null): void {
      if (!span) return;
      if (status !== null) span.setAttribute('http.response.status_code', status);
      if (status === null || status >= 400)
        span.setStatus({ code: 2, message: status === null ? 'network' : String(status) });
      span.end();
    },
  };
}

/**
 * A finished request's SERVER span, when it concerned an application: started back at `startTime` (the application
 * is known only once the handler ran), in the request's context, else the application's. The request ends here.
 */
export function endRequest(
  t: SandboxTracing | undefined,
  request: RequestTrace,
  startTime: number,
  status: number,
): void {
  request.ended = true;
  const { app, name } = request;
  if (!t || !app || !name) return;
  const parent = request.trace.ok ? request.trace.context : app.trace;
  if (!parent) return;
  const { span } = spanIn(t, parent, { name, kind: KIND.SERVER, startTime });
  if (!span) return;
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) span.setStatus({ code: 2, message: String(status) });
  span.end();
}
