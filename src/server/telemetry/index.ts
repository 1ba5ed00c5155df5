/**
 * `hosted-journey-server/telemetry`: the `telemetry` and `logger` options' types (docs/observability.md), the loader
 * of `@opentelemetry/api` the client and the handler record with by default, and the W3C traceparent parser and
 * formatter they join traces with.
 */
export type {
  Logger,
  OpenTelemetryApi,
  OtelSpan,
  OtelSpanContext,
  OtelTracer,
  TelemetryOptions,
} from './types.js';
export { loadOpenTelemetry } from './load.js';
export { formatTraceparent, parseTraceparent } from '../../protocol/trace-context.js';
export type { ParsedTraceparent, TraceContext } from '../../protocol/trace-context.js';
