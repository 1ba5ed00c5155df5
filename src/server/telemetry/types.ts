/**
 * The part of `@opentelemetry/api` (1.x) the helper uses, declared here so hosted-journey-server's types never name
 * the package: an application without it still type-checks. `import * as api from '@opentelemetry/api'` satisfies
 * `OpenTelemetryApi` (test/types/telemetry.test.ts pins it).
 */

export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue | undefined>;

export interface OtelTraceState {
  set(key: string, value: string): OtelTraceState;
  unset(key: string): OtelTraceState;
  get(key: string): string | undefined;
  serialize(): string;
}

export interface OtelSpanContext {
  traceId: string;
  spanId: string;
  traceFlags: number;
  isRemote?: boolean;
  traceState?: OtelTraceState;
}

export interface OtelSpan {
  spanContext?(): OtelSpanContext;
  setAttribute(key: string, value: AttributeValue): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  updateName(name: string): unknown;
  end(endTime?: number): void;
  isRecording(): boolean;
}

export interface OtelTracer {
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: Attributes; links?: { context: OtelSpanContext }[] },
    context?: unknown,
  ): OtelSpan;
}

export interface OtelTracerProvider {
  getTracer(name: string, version?: string): OtelTracer;
  /** The global provider's (a ProxyTracerProvider's) registered SDK provider, or the API's no-op one. */
  getDelegate?(): unknown;
}

export interface OtelCounter {
  add(value: number, attributes?: Attributes): void;
}

export interface OtelHistogram {
  record(value: number, attributes?: Attributes): void;
}

export interface OtelMeter {
  createCounter(name: string, options?: { description?: string; unit?: string }): OtelCounter;
  createHistogram(
    name: string,
    options?: { description?: string; unit?: string; advice?: { explicitBucketBoundaries?: number[] } },
  ): OtelHistogram;
}

export interface OtelMeterProvider {
  getMeter(name: string, version?: string): OtelMeter;
}

/** `import * as api from '@opentelemetry/api'`, as far as the helper reads it. */
export interface OpenTelemetryApi {
  trace: {
    getTracerProvider(): OtelTracerProvider;
    setSpan(context: unknown, span: OtelSpan): unknown;
    /** The span active in a context (a trace is joined, never replaced, when one is). */
    getSpan?(context: unknown): OtelSpan | undefined;
    /** A context whose parent is a remote span: a caller's or a delivery's traceparent. */
    setSpanContext?(context: unknown, spanContext: OtelSpanContext): unknown;
  };
  createTraceState?: (value: string) => OtelTraceState;
  metrics: { getMeterProvider(): OtelMeterProvider };
  /** Read once, to tell "no SDK registered" from a registered one (then nothing is built at all). */
  ProxyTracerProvider?: new () => { getDelegate(): unknown };
  createNoopMeter?: () => unknown;
  context: {
    active(): unknown;
    with<T>(context: unknown, fn: () => T): T;
  };
}

/**
 * Where the helper's spans and metrics go. Default: the global providers of `@opentelemetry/api` when the package is
 * installed (Node build; a Fetch-runtime build records only with `api` passed). `false`: nothing is recorded.
 * @example { telemetry: { tracerProvider: sdk.tracerProvider, meterProvider } }
 */
export interface TelemetryOptions {
  /**
   * The `@opentelemetry/api` module; needed on Fetch-API runtimes (Workers, Deno, Bun builds), where the helper does
   * not load it itself. @example import * as api from '@opentelemetry/api'; createClient({ …, telemetry: { api } })
   */
  api?: OpenTelemetryApi;
  /** Spans go here instead of the global tracer provider. @example new BasicTracerProvider({ spanProcessors }) */
  tracerProvider?: OtelTracerProvider;
  /** Metrics go here instead of the global meter provider. @example new MeterProvider({ readers: [reader] }) */
  meterProvider?: OtelMeterProvider;
}

/**
 * A logger with the shape of pino (and of `console`): each level takes the structured fields first, then the message.
 * Fields never carry a secret, a signature, a header value, a body or a customer's personal data.
 * @example { logger: pino() } · { logger: console }
 */
export interface Logger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
