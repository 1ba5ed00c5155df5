/**
 * `HOSTED_JOURNEY_TRACE=1 npm run demo` runs the sandbox in scripts/demo.mjs and Lendly in a process of its own, as a
 * service and its integrator run apart. Each process exports its spans to a tracing backend; the demo's backend is
 * Lendly's TraceStore, so the sandbox's spans are sent there (`POST /api/trace/spans`, a bearer token both processes
 * were given) as the rows the waterfall draws — the part a collector plays between a real service and you.
 */
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { spanRow } from './trace-store.js';

/** @opentelemetry/core's ExportResultCode (SUCCESS 0, FAILED 1), without depending on that package for two numbers. */
const ExportResultCode = { SUCCESS: 0, FAILED: 1 } as const;

export const TRACE_INGEST_PATH = '/api/trace/spans';

/** A tracer provider for the sandbox whose spans go to the demo at `target()` (unset yet: dropped). */
export function forwardingProvider(target: () => string | undefined, token: string): BasicTracerProvider {
  const exporter: SpanExporter = {
    export(spans: ReadableSpan[], done) {
      const url = target();
      if (!url) return done({ code: ExportResultCode.SUCCESS });
      const rows = spans.map((s) => spanRow(s, 'sandbox'));
      fetch(url + TRACE_INGEST_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ rows }),
      })
        .then((res) => done({ code: res.ok ? ExportResultCode.SUCCESS : ExportResultCode.FAILED }))
        .catch(() => done({ code: ExportResultCode.FAILED }));
    },
    shutdown: async () => {},
  };
  return new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 200 })],
  });
}
