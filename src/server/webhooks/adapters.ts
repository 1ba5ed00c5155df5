/**
 * Runtime adapters for a WebhookHandler. No Node imports at runtime: toNodeHandler uses only the request's stream
 * events, so both entries export both adapters.
 *
 * Both decide what they can from the request line and headers before reading a byte of the body:
 *   1. not POST → 405;  2. neither scheme's signature headers all present → 400 MISSING_HEADER;
 *   3. Content-Length over maxBodyBytes → 413. Then they read, counting, and answer 413 once the count passes the
 *      limit.
 */
import { HEADERS } from '../../protocol/signing.js';
import { concatBytes, readBounded } from '../bytes.js';
import { ServerConfigError, SignatureVerificationError } from '../errors.js';
import { type HeadersInput, readHeader } from '../inputs/headers.js';
import { REPORT, type Report, type WebhookErrorStage, type WebhookResult } from './delivery.js';
import type { WebhookHandler } from './handler.js';
import { logWebhookError } from './report.js';

export interface WebhookAdapterOptions {
  /**
   * Largest body read, bytes; a larger delivery gets 413 (from its Content-Length when it declares one, else once the
   * bytes counted while reading pass it). A whole number > 0. Default 1 MiB. @example { maxBodyBytes: 256 * 1024 }
   */
  maxBodyBytes?: number;
}
export type NodeHandlerOptions = WebhookAdapterOptions;
export type FetchHandlerOptions = WebhookAdapterOptions;

type Reply = Pick<WebhookResult, 'status' | 'headers' | 'body'>;

const DEFAULT_MAX_BODY = 1024 * 1024;
/**
 * A delivery carries all of one scheme's headers: 'hmac' or Standard Webhooks. Built by a pure-marked call, as reads
 * of HEADERS at module level would otherwise keep it in bundles that use no adapter (the Fetch-runtime verifier).
 */
const SCHEME_HEADERS = /* @__PURE__ */ (() =>
  [
    [HEADERS.authorization, HEADERS.date, HEADERS.contentMd5],
    [HEADERS.webhookId, HEADERS.webhookTimestamp, HEADERS.webhookSignature],
  ] as const)();

const fail = (status: number, code: string, message: string, extra: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify({ error: { code, message } }),
});
const tooLarge = (max: number) => fail(413, 'BODY_TOO_LARGE', `webhook body over ${max} bytes`);

function maxBodyBytes(o: WebhookAdapterOptions | undefined): number {
  const max = o?.maxBodyBytes ?? DEFAULT_MAX_BODY;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max <= 0) {
    throw new ServerConfigError('maxBodyBytes', 'maxBodyBytes must be a whole number of bytes greater than 0');
  }
  return max;
}

const present = (headers: HeadersInput, name: string): boolean => {
  try {
    return !!readHeader(headers, name);
  } catch {
    return true; // malformed, but there: the handler reports it precisely
  }
};

/** The refusal decided from the method and headers alone, if any. */
function refuseEarly(method: string, headers: HeadersInput, max: number): Reply | undefined {
  if (method.toUpperCase() !== 'POST') return fail(405, 'METHOD_NOT_ALLOWED', 'webhooks are POSTed', { allow: 'POST' });
  if (!SCHEME_HEADERS.some((set) => set.every((h) => present(headers, h)))) {
    return fail(
      400,
      'MISSING_HEADER',
      `missing signature headers: expected ${SCHEME_HEADERS.map((s) => s.join(', ')).join(' (hmac) or ')} (standard)`,
    );
  }
  let length: string | undefined;
  try {
    length = readHeader(headers, 'content-length');
  } catch {
    length = undefined;
  }
  if (length !== undefined && /^\d+$/.test(length) && Number(length) > max) return tooLarge(max);
  return undefined;
}

/**
 * Fetch API: Next.js route handlers, Hono (`c.req.raw`), workers, Deno, Bun. Refuses from the method and headers
 * before reading the body, and reads at most `maxBodyBytes` (default 1 MiB; 413 beyond).
 * @example
 * // app/api/webhooks/hosted-journey/route.ts (Next.js); Hono: app.post('/webhooks', (c) => webhook(c.req.raw))
 * const keys = [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }];
 * export const POST = toFetchHandler(
 *   createWebhookHandler({ verify: { keys }, on: { '*': (event) => console.log(event.type, event.event_id) } }),
 *   { maxBodyBytes: 256 * 1024 },
 * );
 */
export function toFetchHandler(
  handler: WebhookHandler,
  options?: FetchHandlerOptions,
): (request: Request) => Promise<Response> {
  const max = maxBodyBytes(options);
  const report = reporterOf(handler);
  const respond = (r: Reply) => new Response(r.body, { status: r.status, headers: r.headers });
  return async (request) => {
    const early = refuseEarly(request.method, request.headers, max);
    if (early) {
      request.body?.cancel().catch(() => {});
      return respond(early);
    }
    if (request.bodyUsed) return respond(alreadyRead(report, FETCH_BODY_USED));
    let body: Uint8Array | null;
    try {
      const read = request.body ? await readBounded(request.body, max) : { bytes: new Uint8Array(0), over: false };
      body = read.over ? null : read.bytes;
    } catch {
      return respond(fail(400, 'BODY_READ_FAILED', 'could not read the request body'));
    }
    if (body === null) return respond(tooLarge(max));
    const url = new URL(request.url);
    const arrived = Date.now();
    let goneMs: number | undefined;
    const signal = request.signal as AbortSignal | undefined;
    signal?.addEventListener?.('abort', () => (goneMs = Date.now() - arrived), { once: true });
    const answer = (r: Reply) => {
      if (signal?.aborted)
        report(senderGone(r, Date.now() - arrived, goneMs), 'respond', (r as { eventId?: string }).eventId);
      return respond(r);
    };
    return handler
      .handle({ method: request.method, path: url.pathname + url.search, headers: request.headers, body })
      .then(answer, () => respond(fail(500, 'INTERNAL', 'webhook handler error')));
  };
}

/** The parts of node:http's IncomingMessage / Express's Request this adapter reads. */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  /** Express keeps the full path here when a router is mounted. */
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  /** Set by body parsers: a Buffer/string (express.raw / express.text) is used; a parsed object is refused. */
  body?: unknown;
  readableEnded?: boolean;
  /**
   * connect-timeout's flag: once true, the timeout middleware in front answers the request (Express defers its 503 to
   * a later turn), and its contract is that the route writes nothing more.
   */
  timedout?: boolean;
  on(event: 'data', fn: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end', fn: () => void): unknown;
  on(event: 'error', fn: (e: Error) => void): unknown;
  removeListener?(event: 'data', fn: (chunk: Uint8Array | string) => void): unknown;
  pause?(): unknown;
}

export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: string): unknown;
  /** node:http's state, read so a response something else already answered is never written again. */
  headersSent?: boolean;
  writableEnded?: boolean;
  writableFinished?: boolean;
  destroyed?: boolean;
  /** node:http's 'close': when it comes before the answer was written, the sender hung up (timed). */
  once?(event: 'close', fn: () => void): unknown;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * Writes the reply unless the response was already answered (a timeout middleware, another handler), ended or
 * destroyed; then, and if writing throws anyway, the outcome goes to `late` instead. Never throws: a throw here would
 * run inside a promise the host does not hold, and Node's default for an unhandled rejection ends the process.
 */
function sendOrReport(res: NodeResponseLike, r: Reply, late: (error: Error, r: Reply) => void) {
  const state = res.headersSent ? 'headers sent' : res.writableEnded ? 'ended' : res.destroyed ? 'destroyed' : '';
  if (state) return late(lateError(`the response was already ${state}`, r), r);
  try {
    res.writeHead(r.status, r.headers);
    res.end(r.body);
  } catch (e) {
    late(lateError(`writing the response failed (${(e as { code?: string })?.code ?? 'error'})`, r), r);
  }
}

/**
 * Where a body a framework read before the handler is named, with the fix: the answer (400 PARSED_BODY) goes to the
 * sender, who cannot fix it, so the integrator hears it through onError (or the default line) too.
 */
const FETCH_BODY_USED =
  'the request body was already read before this handler (Hono: c.req.json(), c.req.text(), c.req.parseBody() or ' +
  'a validator on this route; Next.js: await req.json()), and the signature covers the exact bytes. Hand the ' +
  'request over unread: Hono app.post(path, (c) => webhook(c.req.raw)) with nothing reading the body first; ' +
  'Next.js export const POST = toFetchHandler(...)';
const NODE_PARSED =
  'the request body was parsed by a body parser before this handler (express.json() or express.urlencoded() ' +
  'mounted before the webhook route), and the signature covers the exact bytes. Mount the webhook route before ' +
  "app.use(express.json()), or give it express.raw({ type: '*/*' })";
const NODE_CONSUMED =
  'the request body was already read by another middleware before this handler, and the signature covers the ' +
  "exact bytes. Mount the webhook route before it, or give the route express.raw({ type: '*/*' })";

function alreadyRead(report: (error: Error, stage: WebhookErrorStage) => void, why: string): Reply {
  const error = new SignatureVerificationError('PARSED_BODY', why);
  report(error, 'verify');
  return fail(400, 'PARSED_BODY', why);
}

/** The handler's own onError (or its default log line); never throws. */
const reporterOf =
  (handler: WebhookHandler) =>
  (error: Error, stage: WebhookErrorStage, eventId?: string): void => {
    const report = (handler as { [REPORT]?: Report })[REPORT];
    try {
      if (report) report(error, { stage, eventId });
      else logWebhookError(error, { stage, eventId });
    } catch {
      /* a throwing logger must not reach the host either */
    }
  };

const lateError = (why: string, r: Reply) =>
  Object.assign(new Error(`webhook answer ${r.status} not sent: ${why}`), { code: 'RESPONSE_NOT_SENT' });

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The sender hung up while the delivery was handled — nearly always its timeout. Said in words with the fix, since
 * the answer itself reaches nobody and the sender delivers the event again; under the 300 characters a log line keeps.
 */
function senderGone(r: Reply, tookMs: number, goneMs: number | undefined): Error {
  const when = goneMs === undefined ? 'before the answer' : `${seconds(goneMs)} after the delivery arrived`;
  const why =
    `the sender stopped waiting ${when}; the handler answered ${r.status} after ${seconds(tookMs)}, to nobody, and` +
    " the sender will deliver it again. Acknowledge within the sender's timeout (sandbox: webhookRetry.timeoutMs," +
    ' 5 s): do only what must happen once, queue the slow work for after the answer';
  return Object.assign(new Error(why), { code: 'SENDER_STOPPED_WAITING' });
}

/** Where an answer that could not be sent goes: the handler's own onError (or its default log line). */
const lateReporter =
  (handler: WebhookHandler) =>
  (error: Error, r: Reply): void =>
    reporterOf(handler)(error, 'respond', (r as { eventId?: string }).eventId);

/**
 * node:http and Express: reads the raw body itself (at most `maxBodyBytes`, default 1 MiB; 413 beyond); answers
 * 400 PARSED_BODY if a body parser consumed it already. A request refused before its body was read gets
 * `connection: close`, so the server closes the connection instead of leaving an unread body on it.
 * @example
 * const keys = [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }];
 * const webhook = toNodeHandler(createWebhookHandler({ verify: { keys }, on: { '*': (e) => console.log(e.type) } }));
 * app.post('/webhooks/hosted-journey', webhook); // Express: before app.use(express.json())
 * // node:http: http.createServer(webhook).listen(3000)
 */
export function toNodeHandler(
  handler: WebhookHandler,
  options?: NodeHandlerOptions,
): (req: NodeRequestLike, res: NodeResponseLike) => void {
  const node: NodeServing = {
    handler,
    max: maxBodyBytes(options),
    late: lateReporter(handler),
    report: reporterOf(handler),
  };
  const { late } = node;
  return (req, res) => {
    try {
      serveNode(node, req, res);
    } catch (e) {
      late(e instanceof Error ? e : new Error(String(e)), fail(500, 'INTERNAL', 'webhook handler error'));
    }
  };
}

/** What toNodeHandler resolves once: the handler, the body limit and where late answers and errors go. */
interface NodeServing {
  handler: WebhookHandler;
  max: number;
  late: (error: Error, r: Reply) => void;
  report: (error: Error, stage: WebhookErrorStage) => void;
}

/** One request through toNodeHandler; every answer goes through sendOrReport. */
function serveNode({ handler, max, late, report }: NodeServing, req: NodeRequestLike, res: NodeResponseLike) {
  const send = (response: NodeResponseLike, r: Reply) =>
    req.timedout === true
      ? late(lateError('the request timed out in front of this handler (req.timedout), which answers it', r), r)
      : sendOrReport(response, r, late);
  const method = req.method ?? 'GET';
  const run = (body: Uint8Array | string) => {
    const arrived = Date.now();
    let goneMs: number | undefined;
    res.once?.('close', () => {
      if (!res.writableFinished) goneMs = Date.now() - arrived;
    });
    const answer = (r: Reply) =>
      res.destroyed && !res.headersSent && !res.writableEnded
        ? late(senderGone(r, Date.now() - arrived, goneMs), r)
        : send(res, r);
    return handler
      .handle({ method, path: req.originalUrl ?? req.url ?? '/', headers: req.headers, body })
      .then(answer, () => send(res, fail(500, 'INTERNAL', 'webhook handler error')))
      .catch(() => {});
  };
  const pre = req.body;
  const unread = !req.readableEnded && (pre === undefined || pre === null);
  const refuse = (r: Reply) => send(res, unread ? { ...r, headers: { ...r.headers, connection: 'close' } } : r);
  const early = refuseEarly(method, req.headers, max);
  if (early) return refuse(early);
  if (typeof pre === 'string' || pre instanceof Uint8Array) {
    const length = typeof pre === 'string' ? encoder.encode(pre).length : pre.length;
    return length > max ? send(res, tooLarge(max)) : void run(pre);
  }
  // express.json()/urlencoded() leave a parsed object; with a non-matching type they leave `{}` and the stream
  // unread.
  const emptyObject = typeof pre === 'object' && pre !== null && Object.keys(pre).length === 0;
  if (pre !== undefined && pre !== null && !emptyObject) return send(res, alreadyRead(report, NODE_PARSED));
  if (req.readableEnded) return send(res, alreadyRead(report, NODE_CONSUMED));
  const chunks: Uint8Array[] = [];
  let size = 0;
  let settled = false;
  const onData = (c: Uint8Array | string) => {
    if (settled) return;
    const bytes = typeof c === 'string' ? encoder.encode(c) : c;
    size += bytes.length;
    if (size > max) {
      settled = true;
      chunks.length = 0;
      req.removeListener?.('data', onData);
      req.pause?.();
      refuse(tooLarge(max));
      return;
    }
    chunks.push(bytes);
  };
  req.on('data', onData);
  req.on('error', () => {
    if (settled) return;
    settled = true;
    refuse(fail(400, 'BODY_READ_FAILED', 'could not read the request body'));
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    void run(concatBytes(chunks, size));
  });
}
