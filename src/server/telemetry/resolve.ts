/**
 * The `telemetry` and `logger` options of the client and the webhook handler, checked and resolved once: the API
 * module (given, or loaded by load.ts), one tracer, and the meter provider — the given one, or the global one looked
 * up when a value is recorded, because `@opentelemetry/api` hands out no-op meters for good to a caller that asks
 * before the SDK registered (tracers are proxies and follow a later registration by themselves).
 */
import { ServerConfigError } from '../errors.js';
import { loadOpenTelemetry } from './load.js';
import { type QuietTracer, attempt, quietMeter, quietTracer, quietly } from './quiet.js';
import type { Logger, OpenTelemetryApi, OtelMeter, OtelMeterProvider, TelemetryOptions } from './types.js';

/** The instrumentation scope every span and metric is recorded under. */
export const SCOPE = 'hosted-journey-server';

export interface Telemetry {
  api: OpenTelemetryApi;
  /** Spans and meters behind quiet.ts's guards: what the integrator's SDK throws records nothing, and no more. */
  tracer: QuietTracer;
  meterProvider(): OtelMeterProvider | undefined;
  /**
   * True while only the API's no-op providers are registered (the API installed, no SDK): a delivery or a call then
   * builds no span, attribute or label at all. Two global lookups.
   */
  idle(): boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const hasFn = (v: unknown, name: string): boolean => isObject(v) && typeof v[name] === 'function';

/** undefined: nothing is recorded (`false`, or the API is not installed / not passed on a Fetch runtime). */
export function resolveTelemetry(option: TelemetryOptions | false | undefined): Telemetry | undefined {
  if (option === false) return undefined;
  if (option !== undefined && !isObject(option))
    throw new ServerConfigError(
      'telemetry',
      'telemetry must be an object ({ api, tracerProvider, meterProvider }) or false',
    );
  const o: TelemetryOptions = option ?? {};
  const given = o.api as { trace?: unknown; context?: unknown } | undefined;
  if (given !== undefined && !(hasFn(given?.trace, 'getTracerProvider') && typeof given?.context === 'object'))
    throw new ServerConfigError(
      'telemetry.api',
      "telemetry.api must be the module: import * as api from '@opentelemetry/api'",
    );
  if (o.tracerProvider !== undefined && !hasFn(o.tracerProvider, 'getTracer'))
    throw new ServerConfigError('telemetry.tracerProvider', 'telemetry.tracerProvider must have getTracer()');
  if (o.meterProvider !== undefined && !hasFn(o.meterProvider, 'getMeter'))
    throw new ServerConfigError('telemetry.meterProvider', 'telemetry.meterProvider must have getMeter()');
  const api = o.api ?? loadOpenTelemetry();
  if (!api) {
    if (o.tracerProvider || o.meterProvider)
      throw new ServerConfigError(
        'telemetry.api',
        "telemetry.api is needed with a tracer or meter provider here: import * as api from '@opentelemetry/api'",
      );
    return undefined;
  }
  const tracer = quietTracer(attempt(() => (o.tracerProvider ?? api.trace.getTracerProvider()).getTracer(SCOPE)));
  const meters = o.meterProvider;
  const meterProvider = meters ? () => meters : () => attempt(() => api.metrics.getMeterProvider());
  const idle = idleCheck(api, o);
  return { api, tracer, meterProvider, idle: () => attempt(idle) ?? true };
}

/** `idle()` for the global providers; with a provider passed in, never idle. */
function idleCheck(api: OpenTelemetryApi, o: TelemetryOptions): () => boolean {
  if (o.tracerProvider || o.meterProvider || typeof api.ProxyTracerProvider !== 'function') return () => false;
  const noopTracers = new api.ProxyTracerProvider().getDelegate();
  const noopMeter = api.createNoopMeter?.();
  if (noopMeter === undefined) return () => false;
  return () =>
    api.trace.getTracerProvider().getDelegate?.() === noopTracers &&
    api.metrics.getMeterProvider().getMeter(SCOPE) === noopMeter;
}

/**
 * Instruments made once per meter provider: `get()` answers the same ones until the provider changes (the SDK
 * registered after the handler was made).
 */
export function instrumentsOf<T>(tel: Telemetry, make: (meter: OtelMeter) => T): () => T {
  let provider: OtelMeterProvider | undefined | null = null;
  let made: T;
  return () => {
    const p = tel.meterProvider();
    if (p !== provider) {
      provider = p;
      made = make(quietMeter(attempt(() => p?.getMeter(SCOPE))));
    }
    return made;
  };
}

/** The logger option checked: an object with debug, info, warn and error functions, or undefined. */
export function resolveLogger(logger: unknown): Logger | undefined {
  if (logger === undefined) return undefined;
  for (const level of ['debug', 'info', 'warn', 'error'] as const) {
    if (!hasFn(logger, level))
      throw new ServerConfigError(
        'logger',
        `logger must have debug, info, warn and error functions; ${level} is missing`,
      );
  }
  return logger as Logger;
}

/** A throwing or rejecting logger must not change an answer or a call's result. */
export function safeLog(logger: Logger, level: keyof Logger, fields: Record<string, unknown>, message: string): void {
  quietly(() => logger[level](fields, message));
}
