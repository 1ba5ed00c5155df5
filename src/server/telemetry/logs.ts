/**
 * The webhook handler's failures as logger lines, and the store's kind as spans and lines name it. A line's fields are
 * the stage, a code, the event id and the answered status — never an error's message (a store's may carry an
 * address, a verification error's the delivery's claims), a secret, a header value or the body. The one exception is
 * `err` at the 'handler' stage: the error the integrator's own function threw, handed back as is (pino's `err`).
 */
import type { Logger } from './types.js';
import { safeLog } from './resolve.js';

type Stage = 'verify' | 'handler' | 'store' | 'lease_lost' | 'respond';
const CODE = /^[\w.-]{1,64}$/;

/** The error's `code` (or its class name) when it is a short word; never its message. */
export function codeOf(error: unknown): string {
  const e = error as { code?: unknown; name?: unknown } | null;
  const raw = typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : typeof error;
  return CODE.test(raw) ? raw : 'Error';
}

/** `onError` for a handler given a logger and no onError: one error line per failure. */
export const loggerReport =
  (logger: Logger) =>
  (error: unknown, info: { stage: Stage; eventId?: string }): void => {
    const fields: Record<string, unknown> = { stage: info.stage, code: codeOf(error) };
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
