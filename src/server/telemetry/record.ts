/**
 * What recording a span or a measurement takes, shared by the client's attempts (client.ts) and the webhook's
 * deliveries (webhook.ts): OpenTelemetry's enums and conventions, a span made active around a function and ended with
 * its failure, durations in seconds.
 */
import type { Telemetry } from './resolve.js';
import type { QuietSpan } from './quiet.js';
import type { OtelMeter } from './types.js';

/** OpenTelemetry's numeric enums, as `@opentelemetry/api` defines them. */
export const SpanKind = { CLIENT: 2, CONSUMER: 4 } as const;
export const SpanStatus = { ERROR: 2 } as const;

/**
 * Runs `fn` with `span` active, so spans started inside (the integrator's, pg's, fetch's) nest under it; `fn` runs
 * once, without the span active when the context manager itself throws before running it.
 */
export function withSpan<T>(tel: Telemetry, span: QuietSpan, fn: () => T): T {
  let ran = false;
  const run = () => {
    ran = true;
    return fn();
  };
  try {
    return tel.api.context.with(tel.api.trace.setSpan(tel.api.context.active(), span.raw), run);
  } catch (e) {
    if (ran) throw e;
    return fn();
  }
}

/** Seconds between two `performance.now()` readings, as OpenTelemetry's duration histograms are recorded. */
export const seconds = (from: number, to: number): number => (to - from) / 1000;

/** Bucket boundaries (s) OpenTelemetry's HTTP conventions advise for durations. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** The attribute a failed span or a failure's measurement carries, in the client's and the webhook's records. */
export const ERROR_TYPE = 'error.type';

/** An error's class name when a short word (the SDK's own errors, `AbortError`), else '_OTHER': a bounded label. */
export function errorName(e: unknown): string {
  const name = (e as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && /^\w{1,64}$/.test(name) ? name : '_OTHER';
}

/** Ends `span`, marked as failed with `errorType` when there is one. */
export function endSpan(span: QuietSpan, errorType: string | undefined): void {
  if (errorType) {
    span.setAttribute(ERROR_TYPE, errorType);
    span.setStatus({ code: SpanStatus.ERROR, message: errorType });
  }
  span.end();
}

/** A histogram of durations in seconds, with the bucket boundaries OpenTelemetry's conventions advise by default. */
export function secondsHistogram(meter: OtelMeter, name: string, description: string, buckets = DURATION_BUCKETS) {
  return meter.createHistogram(name, { description, unit: 's', advice: { explicitBucketBoundaries: buckets } });
}
