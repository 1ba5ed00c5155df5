/**
 * Every call into code the integrator supplies for observation — a logger, `onError`, and OpenTelemetry's tracer,
 * spans, meter and instruments — goes through `attempt`, so that none of it can change an answer or a call's result:
 * a throw is caught, and so is a returned promise that rejects (which would otherwise end a Node process on its
 * unhandled rejection). The SDK calls a span processor's `onStart` inside `startSpan` and its `onEnding`/`onEnd` inside
 * `end()`, so a processor that throws reaches the helper there; a meter's `getMeter`, `createCounter`, `add` and
 * `record` are the integrator's code too. What throws records nothing; the delivery or the call goes on.
 */
import type {
  AttributeValue,
  OtelCounter,
  OtelHistogram,
  OtelMeter,
  OtelSpan,
  OtelSpanContext,
  OtelTracer,
} from './types.js';

const ignore = (): void => {};

/** `call()`'s result, or undefined when it threw; a promise it returns has its rejection caught. */
export function attempt<T>(call: () => T): T | undefined {
  try {
    const r = call();
    const then = (r as { then?: unknown } | null | undefined)?.then;
    if (typeof then === 'function') (r as PromiseLike<unknown>).then(undefined, ignore);
    return r;
  } catch {
    return undefined;
  }
}

/** Calls the integrator's function (a logger's method, `onError`) so that it cannot change an answer. */
export function quietly(call: () => unknown): void {
  attempt(call);
}

/** A span whose every method is guarded; `raw` is the SDK's span, for the context it is made active in. */
export class QuietSpan {
  constructor(readonly raw: OtelSpan) {}
  spanContext(): OtelSpanContext | undefined {
    return attempt(() => this.raw.spanContext?.());
  }
  setAttribute(key: string, value: AttributeValue): void {
    attempt(() => this.raw.setAttribute(key, value));
  }
  setStatus(status: { code: number; message?: string }): void {
    attempt(() => this.raw.setStatus(status));
  }
  updateName(name: string): void {
    attempt(() => this.raw.updateName(name));
  }
  isRecording(): boolean {
    return attempt(() => this.raw.isRecording()) === true;
  }
  end(): void {
    attempt(() => this.raw.end());
  }
}

/** Starts spans on `tracer`; a start that throws (a span processor's `onStart`) gives no span. */
export interface QuietTracer {
  startSpan(name: string, options: Parameters<OtelTracer['startSpan']>[1], context?: unknown): QuietSpan | undefined;
}

export function quietTracer(tracer: OtelTracer | undefined): QuietTracer {
  return {
    startSpan(name, options, context) {
      const span = tracer && attempt(() => tracer.startSpan(name, options, context));
      return span ? new QuietSpan(span) : undefined;
    },
  };
}

const quietCounter = (c: OtelCounter | undefined): OtelCounter => ({
  add: (value, attributes) => void attempt(() => c?.add(value, attributes)),
});
const quietHistogram = (h: OtelHistogram | undefined): OtelHistogram => ({
  record: (value, attributes) => void attempt(() => h?.record(value, attributes)),
});

/** `meter` with its instruments guarded: one that cannot be made, or that throws or rejects, records nothing. */
export function quietMeter(meter: OtelMeter | undefined): OtelMeter {
  return {
    createCounter: (name, options) => quietCounter(attempt(() => meter?.createCounter(name, options))),
    createHistogram: (name, options) => quietHistogram(attempt(() => meter?.createHistogram(name, options))),
  };
}
