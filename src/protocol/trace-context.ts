/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` and `tracestate` headers, parsed
 * strictly and formatted, for every side that carries one trace from the customer's click to the webhook handler
 * (widget, signed client, sandbox, webhook handler). Pure string work, no dependency, never throws: a value that is
 * not a valid context is answered with why, and the receiver starts (or keeps) its own trace.
 *
 * traceparent = `<version 2 hex>-<trace id 32 hex>-<parent id 16 hex>-<flags 2 hex>`, lowercase only. Version `ff` is
 * invalid; an all-zero trace id or parent id is invalid. Version 00 is exactly 55 characters; a later version may
 * carry more after a `-` (read as 00, as the Recommendation asks), up to MAX_TRACEPARENT_LENGTH.
 */

export const TRACE_HEADERS = { traceparent: 'traceparent', tracestate: 'tracestate' } as const;

/** Longest traceparent read at all (a later version's extra fields included); anything longer is `oversize`. */
export const MAX_TRACEPARENT_LENGTH = 256;
/** The Recommendation's tracestate limits: 32 list members, at least 512 characters propagated; we keep ≤ 512. */
export const MAX_TRACESTATE_LENGTH = 512;
export const MAX_TRACESTATE_MEMBERS = 32;

export interface TraceContext {
  /** 32 lowercase hex digits, not all zero. */
  traceId: string;
  /** The parent (span) id: 16 lowercase hex digits, not all zero. */
  spanId: string;
  /** The trace flags byte (bit 0: sampled). */
  flags: number;
  /** A valid tracestate list, when one came with it. */
  tracestate?: string;
}

/** Why a traceparent was ignored (the label of the metric that counts them). */
export type TraceparentProblem = 'missing' | 'malformed' | 'version' | 'zero_id' | 'oversize';

export type ParsedTraceparent = { ok: true; context: TraceContext } | { ok: false; problem: TraceparentProblem };

/**
 * A version-00 traceparent whose ids are not all zero, and nothing else: what a tracer makes, and all the widget
 * accepts. Every side parses with `parseTraceparent` and formats with `formatTraceparent` except the widget's inline
 * path (src/widget/session.ts), which carries this pattern and one template for a new trace: the two functions add
 * 0.23 KB gzip to the inline mount's 9.50 KB budget (the formatter alone 0.08 KB, the template moved here 0.01 KB;
 * bench/size.mjs).
 */
export const TRACEPARENT_00 = /^00-(?!0{32})[\da-f]{32}-(?!0{16})[\da-f]{16}-[\da-f]{2}$/;

const V00 = /^([\da-f]{2})-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})(-.*)?$/;
const ZERO = /^0+$/;

/** A traceparent header value → the context, or why it is ignored. Never throws, whatever it is handed. */
export function parseTraceparent(value: unknown): ParsedTraceparent {
  if (value === undefined || value === null || value === '') return { ok: false, problem: 'missing' };
  if (typeof value !== 'string') return { ok: false, problem: 'malformed' };
  if (value.length > MAX_TRACEPARENT_LENGTH) return { ok: false, problem: 'oversize' };
  // What a tracer sends, read without capture groups: about a third of the general path's time (docs/performance.md).
  if (value.length === 55 && TRACEPARENT_00.test(value)) {
    const flags = Number.parseInt(value.slice(53), 16);
    return { ok: true, context: { traceId: value.slice(3, 35), spanId: value.slice(36, 52), flags } };
  }
  const m = V00.exec(value);
  if (!m) return { ok: false, problem: 'malformed' };
  const [, version, traceId, spanId, flags, rest] = m as unknown as [string, string, string, string, string, string?];
  if (version === 'ff') return { ok: false, problem: 'version' };
  if (version === '00' && rest !== undefined) return { ok: false, problem: 'malformed' };
  if (ZERO.test(traceId) || ZERO.test(spanId)) return { ok: false, problem: 'zero_id' };
  return { ok: true, context: { traceId, spanId, flags: Number.parseInt(flags, 16) } };
}

/** The form a traceparent option must have, as refusals name it. */
export const TRACEPARENT_FORM = '00-<32 hex>-<16 hex>-<2 hex> (lowercase, ids not all zero)';

/** Another tracer's header value, recognised so a refusal can say which it is. */
const FOREIGN_TRACE_HEADERS: readonly [RegExp, string][] = [
  [/(^|;)\s*(Root|Self)=1-[\da-f]{8}-[\da-f]{24}/i, 'an AWS X-Ray X-Amzn-Trace-Id value'],
  [/^[\da-f]{16}(?:[\da-f]{16})?-[\da-f]{16}(?:-[01d](?:-[\da-f]{16})?)?$/i, "a B3 single header ('b3') value"],
  [/^(?:[\da-f]{16}){1,2}$/i, 'a B3 X-B3-TraceId value'],
];

/**
 * Why a value is refused as a traceparent option, for the refusal's message: the W3C form expected, what the value
 * looks like when it is another tracer's header, and that those are not read.
 */
export function traceparentExpected(value: unknown): string {
  const foreign = typeof value === 'string' ? FOREIGN_TRACE_HEADERS.find(([re]) => re.test(value.trim())) : undefined;
  return (
    `expected a W3C traceparent: traceparent: ${TRACEPARENT_FORM}` +
    (foreign ? `; this is ${foreign[1]}` : '') +
    '. X-Amzn-Trace-Id (AWS X-Ray) and B3 (b3, X-B3-*) headers are not read: pass the W3C traceparent ' +
    '(OpenTelemetry propagates it by default)'
  );
}

/** A traceparent and its tracestate (either may be absent or invalid: a bad tracestate alone is dropped). */
export function parseTraceHeaders(traceparent: unknown, tracestate?: unknown): ParsedTraceparent {
  const p = parseTraceparent(traceparent);
  if (!p.ok) return p;
  const state = parseTracestate(tracestate);
  return state === undefined ? p : { ok: true, context: { ...p.context, tracestate: state } };
}

/** The context as a version-00 traceparent. */
export function formatTraceparent(c: Pick<TraceContext, 'traceId' | 'spanId' | 'flags'>): string {
  return `00-${c.traceId}-${c.spanId}-${(c.flags & 0xff).toString(16).padStart(2, '0')}`;
}

const KEY = /^(?:[a-z][\w\-*/]{0,255}|[a-z\d][\w\-*/]{0,240}@[a-z][\w\-*/]{0,13})$/;
const VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

/**
 * A tracestate header value, checked member by member (key = value, at most 32, no key twice, ≤ 512 characters):
 * the list with its empty members dropped, or undefined when absent or invalid anywhere.
 */
export function parseTracestate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_TRACESTATE_LENGTH) return undefined;
  const members: string[] = [];
  const keys = new Set<string>();
  for (const raw of value.split(',')) {
    const member = raw.replace(/^[ \t]+|[ \t]+$/g, '');
    if (member === '') continue;
    const eq = member.indexOf('=');
    const key = member.slice(0, eq);
    if (eq < 0 || !KEY.test(key) || !VALUE.test(member.slice(eq + 1)) || keys.has(key)) return undefined;
    keys.add(key);
    members.push(member);
  }
  return members.length === 0 || members.length > MAX_TRACESTATE_MEMBERS ? undefined : members.join(',');
}

/**
 * Random lowercase hex of `bytes` bytes, never all zero (crypto.getRandomValues: browsers and Node ≥ 19). Short: the
 * widget's inline path carries it (channel, session and trace ids).
 */
export function randomHexId(bytes: 8 | 16): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  b[0] ||= +b.every((x) => !x);
  return Array.from(b, (x) => (x | 256).toString(16).slice(1)).join('');
}

let pool: Uint8Array | undefined;
let poolAt = 0;
let hex: string[] | undefined;

/**
 * `randomHexId` for the ids a sandbox makes per event and per delivery attempt: the bytes are cut from a 4 KiB pool of
 * crypto.getRandomValues, refilled when used up, each byte used once (about 1.4 µs an id against 12 µs for one call
 * each). Not the widget's: the pool and its table would add to the inline mount's bundle for three ids a journey.
 */
function pooledHexId(bytes: 8 | 16): string {
  if (!pool || poolAt + bytes > pool.length) {
    pool = crypto.getRandomValues(pool ?? new Uint8Array(4096));
    poolAt = 0;
  }
  hex ??= Array.from({ length: 256 }, (_, i) => (i | 256).toString(16).slice(1));
  let id = '';
  let any = 0;
  for (const end = poolAt + bytes; poolAt < end; poolAt++) {
    id += hex[pool[poolAt]!];
    any |= pool[poolAt]!;
  }
  return any ? id : `01${id.slice(2)}`;
}

/** A new trace (sampled), or a child span of `parent` in its trace (its flags and tracestate kept). */
export function childContext(parent?: TraceContext): TraceContext {
  const c: TraceContext = {
    traceId: parent?.traceId ?? pooledHexId(16),
    spanId: pooledHexId(8),
    flags: parent?.flags ?? 1,
  };
  if (parent?.tracestate !== undefined) c.tracestate = parent.tracestate;
  return c;
}
