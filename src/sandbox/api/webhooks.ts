/**
 * `/api/v1/webhooks`: the signing token's webhook receivers at run time (besides the `webhooks` startup option).
 * A registration belongs to the token that signed it: it receives only that token's applications' events, signed with
 * its secret; only that token lists or deletes it (another token's receiver is a 404, as if it did not exist).
 * `token_id`, when given, must be that same token (naming another would hand its deliveries to this caller).
 */
import {
  deliveriesQuery,
  webhookRegistrationBody,
  type DeliveriesResponse,
  type ResendDeliveryResponse,
} from '../../protocol/index.js';
import type { SandboxContext } from '../core/context.js';
import { displayUrl } from '../core/redact.js';
import { SandboxErrorCode as E, SandboxHttpError, fieldError } from '../core/errors.js';
import { json, parseJson, validate, type Reply, type RequestInfo } from '../core/http.js';
import type { Delivery, RegisteredReceiver, WebhookSender } from '../webhooks/sender.js';

/**
 * Receivers one token may register at run time: each event is POSTed to every one of them, so without a cap one
 * token could turn an event into any number of requests.
 */
export const MAX_WEBHOOKS_PER_TOKEN = 10;

const view = (r: RegisteredReceiver) => ({
  webhook_id: r.id,
  url: r.url,
  token_id: r.tokenId,
  ...(r.events ? { events: [...r.events] } : {}),
});

const sameUrl = (a: string, b: string): boolean => new URL(a).href === new URL(b).href;
const sameEvents = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  a === undefined || b === undefined ? a === b : a.length === b.length && a.every((e) => b.includes(e));

/**
 * `POST /api/v1/webhooks` `{ url, token_id?, events? }` → 201 `{ webhook_id, url, token_id, events? }`. One receiver
 * per URL and token: registering a URL the token already has answers 200 with that registration (its events replaced
 * by the new list when they differ), so an application that registers at every boot never multiplies deliveries.
 */
export function registerWebhook(ctx: SandboxContext, sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  const body = validate(webhookRegistrationBody, parseJson(info.body));
  if (body.token_id !== undefined && body.token_id !== tokenId) {
    throw fieldError(
      'token_id',
      `must be the token that signs this request ('${tokenId}'): a receiver gets only its own token's events`,
    );
  }
  const token = ctx.tokens.find((t) => t.tokenId === tokenId)!;
  const events = body.events ? [...new Set(body.events)] : undefined;
  const existing = sender.listReceivers().find((r) => r.tokenId === tokenId && sameUrl(r.url, body.url));
  if (existing) {
    if (!sameEvents(existing.events, events)) sender.setEvents(existing.id, events);
    sender.enable(existing.id); // registered again: a disabled receiver is sent to again
    return json(view(existing), 200);
  }
  const own = sender.listReceivers().filter((r) => r.tokenId === tokenId).length;
  if (own >= MAX_WEBHOOKS_PER_TOKEN) {
    throw new SandboxHttpError(
      E.WEBHOOK_LIMIT_REACHED,
      `this token already has ${own} webhook receivers (at most ${MAX_WEBHOOKS_PER_TOKEN}): ` +
        'delete one (DELETE /api/v1/webhooks/{id}) before registering another',
    );
  }
  const added = sender.addReceiver({
    url: body.url,
    tokenId: token.tokenId,
    secret: token.secret,
    ...(events ? { events } : {}),
  });
  return json(view(added), 201);
}

/** `GET /api/v1/webhooks` → `{ webhooks: [...] }`: the signing token's receivers only. */
export function listWebhooks(sender: WebhookSender, tokenId: string): Reply {
  return json({
    webhooks: sender
      .listReceivers()
      .filter((r) => r.tokenId === tokenId)
      .map(view),
  });
}

/** `DELETE /api/v1/webhooks/{id}` → `{ webhook_id, deleted: true }`; no more deliveries go to it. */
export function deleteWebhook(sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  const id = info.params.id!;
  const receiver = sender.listReceivers().find((r) => r.id === id && r.tokenId === tokenId);
  if (!receiver) throw new SandboxHttpError(E.WEBHOOK_NOT_FOUND, `no webhook '${id}' registered by this token`);
  sender.removeReceiver(id);
  return json({ webhook_id: id, deleted: true });
}

const deliveryView = (d: Delivery) => ({ ...d, url: displayUrl(d.url) });

/**
 * `GET /sandbox/v1/deliveries?event_id=&type=&limit=` → `{ deliveries }`: the attempts of this token's events only,
 * oldest first (`limit`: the last n, 1–1000, default 100), receiver URLs as the index shows them.
 */
export function listDeliveries(sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  const q = Object.fromEntries(info.url.searchParams);
  const {
    event_id,
    type,
    limit = 100,
  } = validate(deliveriesQuery, {
    ...q,
    ...(q.limit === undefined ? {} : { limit: Number(q.limit) }),
  });
  const own = sender
    .deliveries()
    .filter(
      (d) =>
        sender.ownerOf(d.event_id) === tokenId &&
        (event_id === undefined || d.event_id === event_id) &&
        (type === undefined || d.type === type),
    );
  const answer: DeliveriesResponse = { deliveries: own.slice(-limit).map(deliveryView) };
  return json(answer);
}

/** `POST /sandbox/v1/deliveries/{event_id}/resend` → `{ event_id, queued }`: the event again, to its receivers. */
export function resendDelivery(sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  const id = info.params.event_id!;
  const queued = sender.ownerOf(id) === tokenId ? sender.resend(id) : undefined;
  if (queued === undefined) throw new SandboxHttpError(E.NOT_FOUND, `no event '${id}' was sent for this token`);
  const answer: ResendDeliveryResponse = { event_id: id, queued };
  return json(answer);
}
