/**
 * The demo server's trace routes (HOSTED_JOURNEY_TRACE=1), and its own span around the call that starts an
 * application — the part an integrator's tracer plays:
 * - `GET /api/applications/{ref}/trace`: the application's traces (`enabled: false` without tracing);
 * - `POST /api/applications/{ref}/widget-events`: the page's click and widget events, kept only for a trace this server
 *   already linked to the ref (a page cannot add rows to another application's trace);
 * - `POST /api/trace/spans`: the sandbox's spans from another process, with the bearer token npm run demo gave both.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { parseTraceparent } from '../src/server/telemetry/index.js';
import { readJson, sendJson } from './http.js';
import type { ApplicationTrace } from './shared.js';
import { checkRow, markRow } from './trace-store.js';
import { TRACE_INGEST_PATH } from './trace-forward.js';
import type { DemoTracing } from './tracing.js';

/** Most rows one request may bring. */
const MAX_PER_POST = 100;

export function traceOf(tracing: DemoTracing | undefined, ref: string): ApplicationTrace {
  return tracing ? { enabled: true, traces: tracing.traces.view(ref) } : { enabled: false, traces: [] };
}

function tokenMatches(given: string | undefined, token: string | undefined): boolean {
  if (!token || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Answers the trace routes; false when `p` is none of them. */
export async function traceRoute(
  tracing: DemoTracing | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  p: string,
  ref: string | undefined,
): Promise<boolean> {
  if (req.method === 'GET' && ref && p.endsWith('/trace')) {
    sendJson(res, 200, traceOf(tracing, ref));
    return true;
  }
  if (req.method === 'POST' && ref && p.endsWith('/widget-events')) {
    const body = await readJson(req);
    let accepted = 0;
    const linked = tracing?.traces.traceIdsOf(ref) ?? [];
    for (const m of Array.isArray(body.marks) ? body.marks.slice(0, MAX_PER_POST) : []) {
      const r = markRow(m);
      if (!r || !linked.includes(r.traceId)) continue;
      tracing!.traces.add(r.traceId, r.row);
      accepted++;
    }
    sendJson(res, 202, { accepted });
    return true;
  }
  if (req.method === 'POST' && p === TRACE_INGEST_PATH) {
    if (!tracing || !tokenMatches(req.headers.authorization, tracing.ingestToken)) {
      sendJson(res, 401, { error: { code: 'UNAUTHORISED', message: 'no trace ingestion here' } });
      return true;
    }
    const body = await readJson(req);
    let accepted = 0;
    for (const r of Array.isArray(body.rows) ? body.rows.slice(0, MAX_PER_POST) : []) {
      const { traceId, row } = (r ?? {}) as { traceId?: unknown; row?: unknown };
      const checked = checkRow(row);
      if (typeof traceId !== 'string' || !checked || checked.service !== 'sandbox') continue;
      tracing.traces.add(traceId, checked);
      accepted++;
    }
    sendJson(res, 202, { accepted });
    return true;
  }
  return false;
}

/**
 * Runs `fn` in a SERVER span of the demo's own (`name`), a child of the request's `traceparent` when it has a valid
 * one, and links `ref` to that trace. Without tracing, `fn` runs as is.
 */
export async function inRequestSpan<T>(
  tracing: DemoTracing | undefined,
  req: IncomingMessage,
  name: string,
  ref: string,
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracing) return fn();
  const tp = parseTraceparent(req.headers.traceparent);
  const parent = tp.ok
    ? trace.setSpanContext(ROOT_CONTEXT, {
        traceId: tp.context.traceId,
        spanId: tp.context.spanId,
        traceFlags: tp.context.flags,
        isRemote: true,
      })
    : ROOT_CONTEXT;
  const tracer = tracing.provider.getTracer('lendly-demo');
  return tracer.startActiveSpan(name, { kind: SpanKind.SERVER }, parent, async (span) => {
    tracing.traces.link(ref, span.spanContext().traceId);
    try {
      return await fn();
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}
