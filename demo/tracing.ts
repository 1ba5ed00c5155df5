/**
 * `HOSTED_JOURNEY_TRACE=1 npm run demo`: Lendly registers an OpenTelemetry SDK that prints every span to the terminal
 * (ConsoleSpanExporter), so a webhook delivery shows as `process <event type>` with the application row's database
 * write (PostgreSQL mode) as its child, and each client call as `POST /api/v1/{vendor}/{ref}/…`. hosted-journey-server
 * finds the SDK through `@opentelemetry/api`'s globals: the demo passes it nothing.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';

/** Whether the environment asks for spans. */
export const tracingRequested = (env: NodeJS.ProcessEnv): boolean => env.HOSTED_JOURNEY_TRACE === '1';

/**
 * Registers the context manager (so the handler's own spans nest under the delivery's) and a tracer provider that
 * exports each span as it ends. Returns the provider, to shut it down.
 */
export function startTracing(exporter: SpanExporter = new ConsoleSpanExporter()): BasicTracerProvider {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  trace.setGlobalTracerProvider(provider);
  return provider;
}
