/**
 * The demo's memory of traces (HOSTED_JOURNEY_TRACE=1): the rows of each trace — the demo server's spans, the
 * sandbox's (forwarded, or from the same process in tests) and the page's marks — and which traces each customer ref's
 * application belongs to, for the waterfall on `/applications/{ref}`.
 * 1. Bounded: at most MAX_TRACES traces (the oldest goes first), MAX_ROWS rows each, MAX_REFS refs with at most
 *    MAX_TRACES_PER_REF traces each. A demo left running for days keeps the same few megabytes.
 * 2. Only what is safe to show enters: a row is built from a span's name, ids, times, status and three attributes that
 *    are codes (status code, delivery outcome, retry count); a row from outside the process (the sandbox's, the page's)
 *    is checked field by field and its name limited to printable text.
 */
import { randomBytes } from 'node:crypto';
import { parseTraceparent } from '../src/server/telemetry/index.js';
import { type PageMark, TRACE_SERVICES, type TraceRow, type TraceService, type TraceView } from './shared.js';

export const MAX_TRACES = 200;
export const MAX_ROWS = 400;
export const MAX_REFS = 1000;
export const MAX_TRACES_PER_REF = 3;

const TRACE_ID = /^(?!0{32})[\da-f]{32}$/;
const SPAN_ID = /^(?!0{16})[\da-f]{16}$/;
const NAME = /^[\x20-\x7e]{1,120}$/;
const DETAIL = /^[\w .-]{1,40}$/;
const EVENT_TYPE = /^[a-z][a-z_]{0,39}$/;

/** A span as the SDK hands it to a processor (the fields a row needs; ReadableSpan has them). */
export interface FinishedSpan {
  name: string;
  kind: number;
  spanContext(): { traceId: string; spanId: string };
  parentSpanContext?: { spanId: string } | undefined;
  startTime: [number, number];
  endTime: [number, number];
  status: { code: number };
  attributes: Record<string, unknown>;
  instrumentationScope: { name: string };
}

const SANDBOX_SCOPE = 'hosted-journey-sandbox';
const CONSUMER = 4;
const ms = (t: [number, number]) => t[0] * 1000 + t[1] / 1e6;

/** The service a span is drawn under: the sandbox's scope; a delivery's span and a database write are the handler's. */
function serviceOf(span: FinishedSpan): TraceService {
  if (span.instrumentationScope.name === SANDBOX_SCOPE) return 'sandbox';
  if (span.kind === CONSUMER || span.attributes['db.system.name'] !== undefined) return 'handler';
  return 'demo server';
}

function detailOf(a: Record<string, unknown>): string | undefined {
  const parts = [
    a['hosted_journey.webhook.outcome'],
    a['http.response.status_code'],
    a['http.request.resend_count'] === undefined ? undefined : `retry ${String(a['http.request.resend_count'])}`,
  ].filter((v) => v !== undefined);
  const detail = parts.join(' ');
  return DETAIL.test(detail) ? detail : undefined;
}

/** A finished span as a row of its trace (`service` given when the caller knows better, as a forwarder does). */
export function spanRow(span: FinishedSpan, service = serviceOf(span)): { traceId: string; row: TraceRow } {
  const { traceId, spanId } = span.spanContext();
  const parentId = span.parentSpanContext?.spanId;
  const detail = detailOf(span.attributes);
  const row: TraceRow = {
    service,
    name: span.name.slice(0, 120),
    spanId,
    start: ms(span.startTime),
    end: ms(span.endTime),
    ...(parentId ? { parentId } : {}),
    ...(span.status.code === 2 ? { error: true } : {}),
    ...(detail ? { detail } : {}),
  };
  return { traceId, row };
}

/** A row that came from outside this process, if every field has its shape; else undefined. */
export function checkRow(v: unknown): TraceRow | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  const ok =
    TRACE_SERVICES.includes(r.service as TraceService) &&
    typeof r.name === 'string' &&
    NAME.test(r.name) &&
    typeof r.spanId === 'string' &&
    SPAN_ID.test(r.spanId) &&
    (r.parentId === undefined || (typeof r.parentId === 'string' && SPAN_ID.test(r.parentId))) &&
    Number.isFinite(r.start) &&
    Number.isFinite(r.end) &&
    (r.end as number) >= (r.start as number) &&
    (r.detail === undefined || (typeof r.detail === 'string' && DETAIL.test(r.detail)));
  if (!ok) return undefined;
  return {
    service: r.service as TraceService,
    name: r.name as string,
    spanId: r.spanId as string,
    start: r.start as number,
    end: r.end as number,
    ...(r.parentId ? { parentId: r.parentId as string } : {}),
    ...(r.error === true ? { error: true } : {}),
    ...(r.detail ? { detail: r.detail as string } : {}),
  };
}

/** The page's click or one widget event as a row of the trace its traceparent names; undefined when malformed. */
export function markRow(v: unknown): { traceId: string; row: TraceRow } | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const m = v as Partial<Record<keyof PageMark | 'type' | 'end', unknown>>;
  const tp = parseTraceparent(m.traceparent);
  if (!tp.ok || !Number.isFinite(m.at)) return undefined;
  const at = m.at as number;
  const { traceId, spanId } = tp.context;
  if (m.kind === 'click' && Number.isFinite(m.end) && (m.end as number) >= at)
    return {
      traceId,
      row: { service: 'page', name: 'click Connect bank account', spanId, start: at, end: m.end as number },
    };
  if (m.kind === 'event' && typeof m.type === 'string' && EVENT_TYPE.test(m.type))
    return {
      traceId,
      row: {
        service: 'widget',
        name: m.type,
        spanId: randomBytes(8).toString('hex'),
        parentId: spanId,
        start: at,
        end: at,
      },
    };
  return undefined;
}

type Listener = (traceId: string) => void;

export class TraceStore {
  readonly #traces = new Map<string, TraceRow[]>();
  readonly #refs = new Map<string, string[]>();
  readonly #listeners = new Set<Listener>();

  /** Adds a row to its trace (a trace id of the wrong shape, or a full trace, drops it). */
  add(traceId: string, row: TraceRow): void {
    if (!TRACE_ID.test(traceId)) return;
    let rows = this.#traces.get(traceId);
    if (!rows) {
      rows = [];
      this.#traces.set(traceId, rows);
      for (const oldest of this.#traces.keys()) {
        if (this.#traces.size <= MAX_TRACES) break;
        this.#traces.delete(oldest);
      }
    }
    if (rows.length >= MAX_ROWS) return;
    rows.push(row);
    for (const fn of this.#listeners) fn(traceId);
  }

  /** The application of `ref` belongs to `traceId` (its first traces are kept; a ref of many traces keeps its last). */
  link(ref: string, traceId: string): void {
    if (!TRACE_ID.test(traceId)) return;
    const ids = this.#refs.get(ref) ?? [];
    if (ids.includes(traceId)) return;
    ids.push(traceId);
    if (ids.length > MAX_TRACES_PER_REF) ids.shift();
    this.#refs.set(ref, ids);
    for (const oldest of this.#refs.keys()) {
      if (this.#refs.size <= MAX_REFS) break;
      this.#refs.delete(oldest);
    }
    for (const fn of this.#listeners) fn(traceId);
  }

  traceIdsOf(ref: string): string[] {
    return [...(this.#refs.get(ref) ?? [])];
  }

  /** The traces of `ref`'s application, each with its rows in time order. */
  view(ref: string): TraceView[] {
    return this.traceIdsOf(ref).map((traceId) => ({
      traceId,
      rows: [...(this.#traces.get(traceId) ?? [])].sort((a, b) => a.start - b.start),
    }));
  }

  /** Called with a trace id each time a row is added to it or a ref is linked to it. */
  subscribe(fn: Listener): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /** How many traces and rows are held (the bound's test). */
  size(): { traces: number; rows: number; refs: number } {
    let rows = 0;
    for (const r of this.#traces.values()) rows += r.length;
    return { traces: this.#traces.size, rows, refs: this.#refs.size };
  }
}
