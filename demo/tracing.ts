/**
 * `HOSTED_JOURNEY_TRACE=1 npm run demo`: Lendly registers an OpenTelemetry SDK that prints every span to the terminal
 * (ConsoleSpanExporter) and keeps each trace's rows in memory (TraceStore), so `/applications/{ref}` draws the
 * application's trace as a waterfall. A webhook delivery shows as `process <event type>` with the application row's
 * database write (PostgreSQL mode) as its child, and each client call as `POST /api/v1/{vendor}/{ref}/…`.
 * hosted-journey-server finds the SDK through `@opentelemetry/api`'s globals.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { TraceStore, spanRow } from './trace-store.js';

/** Whether the environment asks for spans. */
export const tracingRequested = (env: NodeJS.ProcessEnv): boolean => env.HOSTED_JOURNEY_TRACE === '1';

/** What the demo draws its waterfall from: the provider its spans (and, in one process, the sandbox's) are made by. */
export interface DemoTracing {
  provider: BasicTracerProvider;
  traces: TraceStore;
  /** The sandbox's spans are accepted at `POST /api/trace/spans` with this bearer token (npm run demo sets it). */
  ingestToken?: string;
}

/** A span processor that keeps each ended span as a row of its trace. */
export function storeProcessor(traces: TraceStore): SpanProcessor {
  return {
    onStart() {},
    onEnd(span: ReadableSpan) {
      const { traceId, row } = spanRow(span);
      traces.add(traceId, row);
    },
    forceFlush: async () => {},
    shutdown: async () => {},
  };
}

let contextManager: AsyncLocalStorageContextManager | undefined;
/** The context manager carries a span across awaits, so the handler's own spans nest under the delivery's. Once. */
function registerContext(): void {
  if (contextManager) return;
  contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
}

/**
 * Registers the context manager, and a tracer provider that keeps every span in a TraceStore and, unless `exporter`
 * is null, exports it as it ends (the console by default). `global: false` leaves the global provider alone (tests
 * pass the provider to what they start). Returns the provider, to pass on and shut down, and the store.
 */
export function startTracing(
  o: { exporter?: SpanExporter | null; global?: boolean; ingestToken?: string } = {},
): DemoTracing {
  registerContext();
  const traces = new TraceStore();
  const exporter = o.exporter === undefined ? new ConsoleSpanExporter() : o.exporter;
  const provider = new BasicTracerProvider({
    spanProcessors: [storeProcessor(traces), ...(exporter ? [new SimpleSpanProcessor(exporter)] : [])],
  });
  if (o.global !== false) trace.setGlobalTracerProvider(provider);
  return { provider, traces, ...(o.ingestToken ? { ingestToken: o.ingestToken } : {}) };
}
