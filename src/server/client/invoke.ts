/**
 * One operation row → one client method: the caller's options split into path keys, body (or query) and call
 * options; each part checked before anything is sent; the endpoint's method decides how it is sent and read.
 */
import type * as z from 'zod/mini';
import { fillPath } from '../../protocol/api.js';
import { pathKeys } from '../../protocol/operations.js';
import { parseTraceHeaders } from '../../protocol/trace-context.js';
import type { CreditMemory } from './credit-memory.js';
import { HostedJourneyValidationError } from './errors.js';
import type { Operation } from './operations.js';
import { type Call, type Transport, send } from './transport.js';
import { checkPathParams, checkRequest, checkResponse } from './validate.js';
import { MAX_TIMER_MS, isMilliseconds, validLimit } from './options.js';
import type { DownloadOptions } from './types.js';
import { type Page, pagedList } from './pages.js';

/** 1-255 printable ASCII, no control characters, no leading or trailing space. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
const CALL_KEYS: ReadonlySet<string> = new Set([
  'signal',
  'timeoutMs',
  'idempotencyKey',
  'as',
  'maxResponseBytes',
  'traceparent',
  'tracestate',
]);

type Method = (...args: unknown[]) => unknown;

/** The method of one row; everything that does not depend on a call (path keys, how to send) is worked out here. */
export function bindOperation(t: Transport, name: string, op: Operation, memory: CreditMemory): Method {
  const keys = pathKeys(op.path);
  const bound: Bound = { t, name, op, memory };
  const sendBy = op.method === 'POST' ? post : op.response ? read : download;
  const call = async (options: Opts) => {
    if (options.timeoutMs !== undefined && !isMilliseconds(options.timeoutMs, 1)) {
      const message = `must be a finite number of ms > 0, at most ${MAX_TIMER_MS}`;
      throw new HostedJourneyValidationError(name, [{ path: 'timeoutMs', message }]);
    }
    const { params, body } = split(options, keys);
    const path = fillPath(op.path, checkPathParams(name, params));
    return sendBy(bound, { path, body, o: options });
  };
  const optionsOf = (args: unknown[]) =>
    (op.positional ? { ...(args[1] as object), [op.positional]: args[0] } : (args[0] ?? {})) as Opts;
  // A list: each page is one call with the caller's options and the cursor of the page before.
  if (op.paged)
    return (...args) => {
      const options = optionsOf(args);
      const first = typeof options.cursor === 'string' ? options.cursor : undefined;
      return pagedList((cursor) => call({ ...options, cursor }) as Promise<Page<unknown>>, first);
    };
  return async (...args) => call(optionsOf(args));
}

type Opts = DownloadOptions & Record<string, unknown>;
/** What a method knows before it is called. */
interface Bound {
  t: Transport;
  name: string;
  op: Operation;
  memory: CreditMemory;
}
/** One call: its filled path, its body (or query) and the caller's options. */
interface Request {
  path: string;
  body: object;
  o: Opts;
}

function split(options: Opts, keys: readonly string[]) {
  const params: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const k of keys) params[k] = options[k];
  for (const [k, v] of Object.entries(options)) {
    if (!CALL_KEYS.has(k) && !keys.includes(k) && v !== undefined) body[k] = v;
  }
  return { params, body };
}

async function post(b: Bound, { path, body, o }: Request) {
  const { t, name, op, memory } = b;
  const key: unknown = o.idempotencyKey;
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
    const message =
      'must be 1-255 printable ASCII characters, without control characters (CR, LF, tab) ' +
      'or leading/trailing spaces';
    throw new HostedJourneyValidationError(name, [{ path: 'idempotencyKey', message }]);
  }
  const checked = checkRequest(name, op.input!, op.complete ? op.complete({ ...body }) : body);
  const sent = op.prepare && memory ? op.prepare(memory, name, checked as Record<string, unknown>) : checked;
  const call: Call = {
    ...base(b, o, { method: 'POST', path, expect: 'json' }),
    body: JSON.stringify(sent),
    idempotencyKey: o.idempotencyKey ?? crypto.randomUUID(),
  };
  const answer = checkResponse(name, op.response as z.ZodMiniType, await send(t, call));
  if (op.learn && memory) op.learn(memory, sent as Record<string, unknown>, answer as Record<string, unknown>);
  return answer;
}

/** A signed GET or DELETE answered with JSON (retried like GETs); a GET's query is checked, then sent. */
async function read(b: Bound, { path, body, o }: Request) {
  const query = b.op.input ? queryString(checkRequest(b.name, b.op.input, body) as Record<string, unknown>) : '';
  const at = query ? `${path}?${query}` : path;
  const call = base(b, o, { method: b.op.method as 'GET' | 'DELETE', path: at, expect: 'json' });
  return checkResponse(b.name, b.op.response as z.ZodMiniType, await send(b.t, call));
}

/** A query in the form the service reads: an array as its key repeated (`types=a&types=b`). */
function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
  }
  return search.toString();
}

/** A GET whose body is the answer itself: bytes (capped) or a stream. */
async function download(b: Bound, { path, body, o }: Request) {
  const { t, name, op } = b;
  const query = checkRequest(name, op.input!, body) as Record<string, string>;
  if (o.as !== undefined && o.as !== 'bytes' && o.as !== 'stream')
    throw new HostedJourneyValidationError(name, [{ path: 'as', message: "must be 'bytes' or 'stream'" }]);
  if (o.maxResponseBytes !== undefined && !validLimit(o.maxResponseBytes))
    throw new HostedJourneyValidationError(name, [
      { path: 'maxResponseBytes', message: 'must be a whole number of bytes > 0' },
    ]);
  const search = new URLSearchParams(query).toString();
  const at = search ? `${path}?${search}` : path;
  const call = base(b, o, { method: 'GET', path: at, expect: o.as === 'stream' ? 'stream' : 'bytes' });
  return send(t, { ...call, maxResponseBytes: o.maxResponseBytes });
}

/**
 * What every call sends besides its body (its row's route template among it); its trace context is the call's own,
 * else the client's default.
 */
function base({ t, name, op }: Bound, o: Opts, at: Pick<Call, 'method' | 'path' | 'expect'>): Call {
  const trace = o.traceparent === undefined ? t.defaultTrace?.() : parseTraceHeaders(o.traceparent, o.tracestate);
  return { operation: name, template: op.path, ...at, signal: o.signal, timeoutMs: o.timeoutMs, trace };
}
