/**
 * `registerWebhook` as an application calls it at every boot: the same URL and events again answer the registration
 * that exists, so receivers never multiply (each event would otherwise be delivered once per boot). The request is
 * checked first, so a bad one still sends nothing; then the token's receivers are listed, and only a URL not yet
 * registered with these events is POSTed (a service that updates a URL's events in place answers that registration).
 * Given the webhook handler, the events are the handler's own (or checked against them), so the receiver is never
 * registered without a type the handler handles.
 */
import { HostedJourneyValidationError } from './errors.js';
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

type Handled = { events?: readonly string[] | undefined };

/**
 * `events` from `handler` (what its `on` handles; none: every type), or `events` checked against it: a handler's type
 * the list leaves out would be filtered out by the service, never delivered, and nothing would say so.
 */
function eventsFor(events: string[] | undefined, handler: Handled): string[] | undefined {
  if (events === undefined) return handler.events ? [...handler.events] : undefined;
  const missing = handler.events ? handler.events.filter((t) => !events.includes(t)) : ['every type (its on has *)'];
  if (!missing.length) return events;
  throw new HostedJourneyValidationError('registerWebhook', [
    {
      path: 'events',
      message:
        `leaves out ${missing.join(', ')}, which the handler handles: the service would never deliver ` +
        `${missing.length > 1 ? 'them' : 'it'} to this receiver. Register with { url, handler } (its own list), or ` +
        'add them to events',
    },
  ]);
}

export function registerOnce(op: Operation, register: Method, list: Method): Method {
  return async (...args) => {
    const given = (args[0] ?? {}) as { url?: unknown; events?: string[]; handler?: Handled } & CallOptions;
    const { handler, ...without } = given;
    const o = handler === undefined ? without : withEvents(without, eventsFor(without.events, handler));
    const { signal, timeoutMs, idempotencyKey: _key, ...body } = o;
    checkRequest('registerWebhook', op.input!, body);
    const { webhooks } = (await list({ signal, timeoutMs })) as { webhooks: WebhookRegistration[] };
    const url = href(String(o.url));
    const same = webhooks.find((w) => href(w.url) === url && sameEvents(w.events, o.events));
    return same ?? register(o);
  };
}

/** `o` with `events` set, or without the key when every type is wanted. */
function withEvents<T extends { events?: string[] }>(o: T, events: string[] | undefined): T {
  const { events: _old, ...rest } = o;
  return (events === undefined ? rest : { ...rest, events }) as T;
}
