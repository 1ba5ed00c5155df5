/**
 * One signed HTTP exchange with retries. Repeats only calls that are safe to repeat: GETs, DELETEs, and POSTs carrying
 * an Idempotency-Key (the client adds one to every POST and keeps it across the attempts of that call).
 * Holds the secret only inside `sign`; nothing here formats headers into messages.
 */
import { errorBody } from '../../protocol/api.js';
import { HEADERS } from '../../protocol/signing.js';
import type { SignRequestOptions, SignedHeaders } from '../requests.js';
import {
  ApiError,
  AuthenticationError,
  CLOCK_CODES,
  CLOCK_HINT,
  ConsentInactiveError,
  EventsExpiredError,
  HostedJourneyNetworkError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  HostedJourneyTimeoutError,
} from './errors.js';
import { readBounded } from '../bytes.js';
import { type ObservedAttempt, givenTrace } from '../telemetry/client.js';
import {
  type ParsedTraceparent,
  type TraceContext,
  TRACE_HEADERS,
  formatTraceparent,
} from '../../protocol/trace-context.js';
import { type Scrub, scrubberFor } from './scrub.js';
import { RETRYABLE_STATUS, type RetryPolicy, backoffMs, parseRetryAfter, sleep } from './retry.js';

export interface Transport {
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  sign(o: Omit<SignRequestOptions, 'tokenId' | 'secret'>): Promise<SignedHeaders>;
  random?: () => number;
  /** Cap on every body (JSON, bytes, and a stream as it is read) unless the call sets its own. */
  maxResponseBytes: number;
  /** The client's `now` option: the signing clock, read at each attempt; absent: the system's. */
  now?: (() => number) | undefined;
  /** The client's `traceparent` option: asked for a call that passes none; absent without the option. */
  defaultTrace?: (() => ParsedTraceparent | undefined) | undefined;
  /** Telemetry and the logger, around each attempt; absent when neither records anything. */
  observe?: ObservedAttempt | undefined;
}

export interface Call {
  operation: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The operation's path template (`/api/v1/{vendor}/{ref}/profile`): its span's name, never the filled-in path. */
  template: string;
  /** Path with query, relative to baseUrl. */
  path: string;
  body?: string;
  idempotencyKey?: string;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  expect: 'json' | 'bytes' | 'stream';
  /** This call's cap instead of the transport's. */
  maxResponseBytes?: number | undefined;
  /** The trace context the caller passed (`traceparent`, `tracestate` call options), parsed; absent when not given. */
  trace?: ParsedTraceparent | undefined;
}

export type CallResult = unknown | Uint8Array | ReadableStream<Uint8Array>;

type Attempt =
  | { ok: true; value: CallResult }
  | { ok: false; error: Error; retryable: boolean; waitMs?: number | undefined };

export async function send(t: Transport, call: Call): Promise<CallResult> {
  const url = t.baseUrl + call.path;
  const u = new URL(url);
  const signedPath = u.pathname + u.search;
  const safe = call.method !== 'POST' || !!call.idempotencyKey;
  for (let attempt = 0; ; attempt++) {
    const r = t.observe
      ? await t.observe(call, attempt, (f, trace) => once({ ...t, fetch: f }, call, { url, signedPath, trace }))
      : await once(t, call, { url, signedPath, trace: givenTrace(call) });
    if (r.ok) return r.value;
    if (!safe || !r.retryable || attempt >= t.retry.retries) throw r.error;
    if (r.waitMs !== undefined && r.waitMs > t.retry.maxRetryAfterMs) throw r.error;
    await sleep(r.waitMs ?? backoffMs(attempt, t.retry, t.random), call.signal);
  }
}

/** Where one attempt goes: the URL, the path it signs, and the trace context it sends. */
interface Target {
  url: string;
  signedPath: string;
  trace: TraceContext | undefined;
}

async function once(t: Transport, call: Call, { url, signedPath, trace }: Target): Promise<Attempt> {
  const timeoutMs = call.timeoutMs ?? t.timeoutMs;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onUserAbort = () => controller.abort(call.signal!.reason);
  if (call.signal?.aborted) throw call.signal.reason;
  call.signal?.addEventListener('abort', onUserAbort, { once: true });
  const cleanup = () => {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onUserAbort);
  };
  let keepSignal = false;
  try {
    const signed = await t.sign({
      method: call.method,
      path: signedPath,
      ...(call.body !== undefined ? { body: call.body } : {}),
      ...(t.now ? { date: t.now() } : {}),
    });
    const headers: Record<string, string> = { ...signed, accept: call.expect === 'json' ? 'application/json' : '*/*' };
    if (call.idempotencyKey) headers[HEADERS.idempotencyKey] = call.idempotencyKey;
    if (trace) {
      headers[TRACE_HEADERS.traceparent] = formatTraceparent(trace);
      if (trace.tracestate) headers[TRACE_HEADERS.tracestate] = trace.tracestate;
    }
    const res = await t.fetch(url, {
      method: call.method,
      headers,
      body: call.body ?? null,
      signal: controller.signal,
      redirect: 'manual',
    });
    if (res.type === 'opaqueredirect' || REDIRECT_STATUS.has(res.status)) {
      res.body?.cancel().catch(() => {});
      return {
        ok: false,
        retryable: false,
        error: new RedirectError(call.operation, res.status, res.headers.get('location') ?? undefined),
      };
    }
    if (!res.ok) {
      const ours = [signed.authorization, signed.date, signed['content-md5'], call.idempotencyKey];
      return await failure(call, res, scrubberFor(ours));
    }
    const limit = call.maxResponseBytes ?? t.maxResponseBytes;
    checkDeclared(call.operation, res, limit);
    if (call.expect === 'stream') {
      if (!res.body) return { ok: true, value: new ReadableStream<Uint8Array>({ start: (c) => c.close() }) };
      // The timeout covers the wait for the response head only; the caller's signal still cancels the stream.
      clearTimeout(timer);
      keepSignal = true;
      return { ok: true, value: res.body.pipeThrough(capped(call.operation, limit)) };
    }
    const bytes = await readUpTo(res, limit, call.operation);
    if (call.expect === 'bytes') return { ok: true, value: bytes };
    const text = decoder.decode(bytes);
    try {
      return { ok: true, value: text === '' ? {} : JSON.parse(text) };
    } catch {
      return {
        ok: false,
        retryable: false,
        error: new ApiError({
          status: res.status,
          code: 'INVALID_RESPONSE',
          message: `${call.operation}: response is not JSON`,
          requestId: res.headers.get(HEADERS.requestId) ?? undefined,
        }),
      };
    }
  } catch (e) {
    if (e instanceof ResponseTooLargeError) return { ok: false, retryable: false, error: e };
    if (call.signal?.aborted) throw call.signal.reason;
    if (timedOut)
      return { ok: false, retryable: true, error: new HostedJourneyTimeoutError(call.operation, timeoutMs) };
    return { ok: false, retryable: true, error: new HostedJourneyNetworkError(call.operation, describe(e)) };
  } finally {
    if (keepSignal) clearTimeout(timer);
    else cleanup();
  }
}

const REDIRECT_STATUS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** An error body is read up to this size (the rest is dropped): enough for any `{ error: { ... } }`. */
const ERROR_BODY_BYTES = 64 * 1024;
const decoder = new TextDecoder();

/** Content-Length fast path: refuses a declared size over the limit before reading any of the body. */
function checkDeclared(operation: string, res: Response, limit: number): void {
  const cl = res.headers.get('content-length');
  if (cl === null || !/^\d+$/.test(cl) || Number(cl) <= limit) return;
  res.body?.cancel().catch(() => {});
  throw new ResponseTooLargeError(operation, limit, Number(cl));
}

/**
 * The body, counted while it streams in. Over `limit`: stops reading and throws ResponseTooLargeError, or — without
 * an operation (error bodies) — returns the first `limit` bytes.
 */
async function readUpTo(res: Response, limit: number, operation?: string): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const { bytes, over } = await readBounded(res.body, limit);
  if (over && operation !== undefined) throw new ResponseTooLargeError(operation, limit);
  return bytes;
}

/** Passes chunks through until more than `limit` bytes went by, then errors the stream (and cancels the response). */
function capped(operation: string, limit: number): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  return new TransformStream({
    transform(chunk, c) {
      size += chunk.byteLength;
      if (size > limit) c.error(new ResponseTooLargeError(operation, limit));
      else c.enqueue(chunk);
    },
  });
}

async function failure(call: Call, res: Response, scrub: Scrub): Promise<Attempt> {
  const text = await readUpTo(res, ERROR_BODY_BYTES).then(
    (b) => decoder.decode(b),
    () => '',
  );
  let parsed: ReturnType<typeof errorBody.safeParse> | undefined;
  try {
    parsed = errorBody.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  const body = parsed?.success ? parsed.data.error : undefined;
  const requestId = body?.request_id ?? res.headers.get(HEADERS.requestId) ?? undefined;
  const init = {
    status: res.status,
    code: body ? scrub(body.code) : `HTTP_${res.status}`,
    message: `${call.operation}: ${res.status} ${scrub(body?.message ?? (res.statusText || 'error'))}`,
    requestId: requestId === undefined ? undefined : scrub(requestId),
    fields: body?.fields?.map((f) => ({ path: scrub(f.path), message: scrub(f.message) })),
  };
  const waitMs = parseRetryAfter(res.headers.get(HEADERS.retryAfter), Date.now());
  const retryable = RETRYABLE_STATUS.has(res.status);
  if (res.status === 401) {
    if (CLOCK_CODES.has(init.code)) init.message += CLOCK_HINT;
    return { ok: false, retryable: false, error: new AuthenticationError(init) };
  }
  if (res.status === 429) {
    return {
      ok: false,
      retryable,
      waitMs,
      error: new RateLimitError({ ...init, retryAfter: waitMs === undefined ? undefined : Math.ceil(waitMs / 1000) }),
    };
  }
  const consent = body?.consent;
  if ((init.code === 'CONSENT_EXPIRED' || init.code === 'CONSENT_REVOKED') && consent) {
    const ids = { consentId: scrub(consent.consent_id), consentStatus: scrub(consent.status) };
    return { ok: false, retryable: false, error: new ConsentInactiveError({ ...init, ...ids }) };
  }
  const retention = body?.retention;
  if (init.code === 'EVENTS_EXPIRED' && retention) {
    const kept = { retentionDays: retention.days, oldestAvailable: scrub(retention.oldest) };
    return { ok: false, retryable: false, error: new EventsExpiredError({ ...init, ...kept }) };
  }
  return { ok: false, retryable, waitMs, error: new ApiError(init) };
}

/** A fetch failure's message and cause code only — never the request it was about. */
function describe(e: unknown): string {
  const err = e as { message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const cause = err?.cause;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  const msg = typeof err?.message === 'string' ? err.message : String(e);
  return detail ? `${msg} (${detail})` : msg;
}
