/**
 * `registerWebhook` as an application calls it at every boot: the same URL and events again answer the registration
 * that exists, so receivers never multiply (each event would otherwise be delivered once per boot). The request is
 * checked first, so a bad one still sends nothing; then the token's receivers are listed, and only a URL not yet
 * registered with these events is POSTed (a service that updates a URL's events in place answers that registration).
 */
import { checkRequest } from './validate.js';
import type { Operation } from './operations.js';
import type { CallOptions, WebhookRegistration } from './types.js';

type Method = (...args: unknown[]) => Promise<unknown>;

const href = (url: string): string => {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
};

const sameEvents = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean => {
  const x = a === undefined ? undefined : new Set(a);
  const y = b === undefined ? undefined : new Set(b);
  return x === undefined || y === undefined ? x === y : x.size === y.size && [...x].every((e) => y.has(e));
};

export function registerOnce(op: Operation, register: Method, list: Method): Method {
  return async (...args) => {
    const o = (args[0] ?? {}) as { url?: unknown; events?: string[] } & CallOptions;
    const { signal, timeoutMs, idempotencyKey: _key, ...body } = o;
    checkRequest('registerWebhook', op.input!, body);
    const { webhooks } = (await list({ signal, timeoutMs })) as { webhooks: WebhookRegistration[] };
    const url = href(String(o.url));
    const same = webhooks.find((w) => href(w.url) === url && sameEvents(w.events, o.events));
    return same ?? register(o);
  };
}
