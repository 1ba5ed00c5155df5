// In-memory OpenTelemetry for tests: a tracer provider with an InMemorySpanExporter, a meter provider read on demand,
// the async-hooks context manager registered globally (so spans nest across awaits), and a scan of every attribute,
// span name, metric label and log field for strings that must never be recorded.
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { expect } from 'vitest';

class PullReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

let contextManager: AsyncLocalStorageContextManager | undefined;
/** Registers the AsyncLocalStorage context manager once per process (what the Node SDK does). */
export function registerAsyncContext(): void {
  if (contextManager) return;
  contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
}

export interface MetricPoint {
  name: string;
  unit: string;
  attributes: Record<string, unknown>;
  value: unknown;
}

export function inMemoryOtel() {
  registerAsyncContext();
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new PullReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  const metrics = async (): Promise<MetricPoint[]> => {
    const { resourceMetrics } = await reader.collect();
    return points(resourceMetrics);
  };
  return { tracerProvider, meterProvider, exporter, spans, metrics, telemetry: { tracerProvider, meterProvider } };
}

function points(rm: ResourceMetrics): MetricPoint[] {
  const out: MetricPoint[] = [];
  for (const scope of rm.scopeMetrics) {
    for (const m of scope.metrics) {
      for (const p of m.dataPoints as { attributes: Record<string, unknown>; value: unknown }[]) {
        out.push({ name: m.descriptor.name, unit: m.descriptor.unit, attributes: p.attributes, value: p.value });
      }
    }
  }
  return out;
}

/** Every string recorded: span names, span and event attributes (keys and values), metric labels, log fields. */
export function recordedStrings(spans: ReadableSpan[], metrics: MetricPoint[], logs: unknown[] = []): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (v === undefined || v === null) return;
    if (typeof v === 'object') {
      if (v instanceof Error) return add({ name: v.name, message: v.message, stack: v.stack });
      for (const [k, x] of Object.entries(v)) {
        out.push(k);
        add(x);
      }
    } else out.push(String(v));
  };
  for (const s of spans) {
    out.push(s.name);
    add(s.attributes);
    add(s.status.message);
    for (const e of s.events) add(e.attributes);
  }
  for (const m of metrics) {
    out.push(m.name);
    add(m.attributes);
  }
  add(logs);
  return out;
}

/** The forbidden values found in what was recorded (empty when clean). */
export function leaks(recorded: string[], forbidden: string[]): { value: string; in: string }[] {
  const found: { value: string; in: string }[] = [];
  for (const f of forbidden.filter((x) => x.length >= 4)) {
    for (const r of recorded) if (r.includes(f)) found.push({ value: f, in: r.slice(0, 200) });
  }
  return found;
}

/** A logger of pino's shape that keeps every line. */
export function memoryLogger() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level, fields, message });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

/** Expects a span of each of `names` among `spans` (a missing one is named in the failure). */
export function expectSpanNames(spans: ReadableSpan[], names: string[]): void {
  const seen = new Set(spans.map((s) => s.name));
  for (const n of names) expect(seen, n).toContain(n);
}

/** Resolves once `ok()` holds (polled every 10 ms); throws after `ms`. */
export async function until(ok: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
