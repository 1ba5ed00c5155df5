/**
 * Fetch-runtime build: `@opentelemetry/api` is never loaded by the helper (no synchronous loader exists there, and a
 * static import would make the peer required); pass it as `telemetry.api` to record spans and metrics.
 */
import type { OpenTelemetryApi } from './types.js';

/** Never loads it: pass `telemetry.api` (the Node build's loader documents the function). */
export function loadOpenTelemetry(): OpenTelemetryApi | undefined {
  return undefined;
}
