/**
 * Node build: `@opentelemetry/api` is loaded synchronously (createRequire) the first time a client or webhook handler
 * is made, so the very first delivery is already traced and no promise races the application's own start. Absent, it
 * is never looked for again. The Fetch-runtime build replaces this module with load.web.ts (scripts/server-web.mjs):
 * there the integrator passes the module as `telemetry.api`, and the build carries no reference to it.
 */
import { createRequire } from 'node:module';
import type { OpenTelemetryApi } from './types.js';

/** A computed name: bundlers leave an optional peer alone (see stores/redis.ts). */
const OTEL_PACKAGE = ['@opentelemetry', 'api'].join('/');
let loaded: OpenTelemetryApi | null | undefined;

/**
 * The `@opentelemetry/api` module when it is installed, loaded once (Node build); `undefined` on Fetch-API runtimes,
 * where it is passed as `telemetry.api`. What the client and the webhook handler record with by default.
 * @example const api = loadOpenTelemetry(); if (api) api.trace.getTracerProvider();
 */
export function loadOpenTelemetry(): OpenTelemetryApi | undefined {
  if (loaded === undefined) {
    try {
      loaded = createRequire(import.meta.url)(OTEL_PACKAGE) as OpenTelemetryApi;
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}
