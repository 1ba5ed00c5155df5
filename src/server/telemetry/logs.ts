/**
 * The webhook handler's failures as logger lines, and the store's kind as spans and lines name it. A line's fields are
 * the stage, a code, the event id, the answered status and the error's message on one line (`error_message`: a store's
 * timeout, why verification failed), with every configured secret and a URL's user and password as `***` — never a
 * header value or the body. At the 'handler' stage `err` is the error the integrator's own function threw, handed
 * back as is (pino's `err`).
 */
import type { Logger } from './types.js';
import { safeLog } from './resolve.js';

type Stage = 'verify' | 'handler' | 'store' | 'lease_lost' | 'respond';
const CODE = /^[\w.-]{1,64}$/;

/** Control characters (CR/LF would let a message forge log lines) become spaces; long text is cut. */
export const oneLine = (text: string, max: number): string => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

/** `text` with each of `values` (longest first) and a URL's user and password (`//user:pass@`) as `***`. */
export const hide = (text: string, values: readonly string[]): string =>
  [...values]
    .sort((a, b) => b.length - a.length)
    .reduce((t, v) => t.split(v).join('***'), text)
    .replace(/(\/\/)[^\s/@]*@/g, '$1***@');

/**
 * An error's message as a log line may show it: on one line, at most 300 characters, every value of `hidden` (the
 * configured secrets; for a handler's error also the event's payload values) and a URL's user and password as `***`.
 */
export function safeMessage(error: unknown, hidden: readonly string[]): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? oneLine(hide(message, hidden), 300) : '';
}

/** The error's `code` (or its class name) when it is a short word; never its message. */
export function codeOf(error: unknown): string {
  const e = error as { code?: unknown; name?: unknown } | null;
  const raw = typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : typeof error;
  return CODE.test(raw) ? raw : 'Error';
}

/** `onError` for a handler given a logger and no onError: one error line per failure. */
export const loggerReport =
  (logger: Logger, secrets: readonly string[]) =>
  (error: unknown, info: { stage: Stage; eventId?: string }): void => {
    const fields: Record<string, unknown> = { stage: info.stage, code: codeOf(error) };
    const message = info.stage === 'handler' ? '' : safeMessage(error, secrets);
    if (message) fields.error_message = message;
    if (info.eventId !== undefined) fields.event_id = info.eventId;
    const status = (error as { status?: unknown } | null)?.status;
    if (info.stage === 'verify' && typeof status === 'number') fields.status = status;
    if (info.stage === 'handler') fields.err = error;
    safeLog(logger, 'error', fields, `hosted-journey-server: webhook ${info.stage} failed`);
  };

/** The stores this package ships, by class; any other is 'custom' (so is ours when a minifier renamed it). */
const STORES: Record<string, string> = {
  MemoryDedupeStore: 'memory',
  RedisDedupeStore: 'redis',
  PostgresInbox: 'postgresql',
};

export function storeKind(store: unknown): string {
  const name = (store as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return (typeof name === 'string' && Object.hasOwn(STORES, name) ? STORES[name] : undefined) ?? 'custom';
}
