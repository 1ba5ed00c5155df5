/**
 * The token's events and its receivers' delivery logs [ours] (src/protocol/events.ts):
 * `GET /api/v1/events` (a page of the token's events, oldest first, filtered), `POST /api/v1/webhooks/{id}/recover`
 * (what a receiver did not acknowledge, sent to it again), `POST /api/v1/events/{event_id}/resend`,
 * `GET /api/v1/webhooks/{id}/deliveries` (a page of one receiver's attempts). Only the signing token's events and
 * receivers: another token's are not found. Times are on the token's clock; a `since` before the retention is
 * `EVENTS_EXPIRED` naming it.
 */
import {
  EVENT_RETENTION,
  EVENT_RETENTION_MS,
  eventsQuery,
  receiverDeliveriesQuery,
  recoverBody,
  resendEventBody,
  type RecoverResponse,
  type ResendEventResponse,
} from '../../protocol/index.js';
import { SandboxErrorCode as E, SandboxHttpError } from '../core/errors.js';
import { json, parseJson, validate, type Reply, type RequestInfo } from '../core/http.js';
import { pageOf, queryObject } from '../core/pages.js';
import type { RegisteredReceiver, WebhookSender } from '../webhooks/sender.js';

const DAY_MS = 24 * 3600_000;

/** `since` as epoch ms, refused when the retention no longer holds what it asks for. */
function sinceKept(sender: WebhookSender, tokenId: string, since: string): number {
  const at = Date.parse(since);
  const oldest = sender.oldestKept(tokenId);
  if (at < oldest) {
    const from = new Date(oldest).toISOString();
    throw new SandboxHttpError(
      E.EVENTS_EXPIRED,
      `events are kept ${EVENT_RETENTION}: since must be at or after ${from} (now less ${EVENT_RETENTION})`,
      undefined,
      { retention: { days: EVENT_RETENTION_MS / DAY_MS, oldest: from } },
    );
  }
  return at;
}

const until = (value: string | undefined) => (value === undefined ? Number.POSITIVE_INFINITY : Date.parse(value));

/** `GET /api/v1/events?since=&until=&types=&vendor=&ref=&cursor=&limit=` → `{ data, next_cursor }`. */
export function listEvents(sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  const q = validate(eventsQuery, queryObject(info.url.searchParams, { arrays: ['types'], numbers: ['limit'] }));
  const since = sinceKept(sender, tokenId, q.since);
  const before = until(q.until);
  const types = q.types && new Set(q.types);
  const page = pageOf({
    items: sender.eventsOf(tokenId),
    position: (e) => e.seq,
    match: (e) =>
      e.at >= since &&
      e.at < before &&
      (!types || types.has(e.payload.type)) &&
      (q.vendor === undefined || e.payload.vendor === q.vendor) &&
      (q.ref === undefined || e.payload.ref === q.ref),
    cursor: q.cursor,
    limit: q.limit,
  });
  return json({ data: page.data.map((e) => e.payload), next_cursor: page.next_cursor });
}

function receiverOf(sender: WebhookSender, info: RequestInfo, tokenId: string): RegisteredReceiver {
  const id = info.params.id!;
  const receiver = sender.listReceivers().find((r) => r.id === id && r.tokenId === tokenId);
  if (!receiver) throw new SandboxHttpError(E.WEBHOOK_NOT_FOUND, `no webhook '${id}' registered by this token`);
  return receiver;
}

/** `POST /api/v1/webhooks/{id}/recover { since, until? }` → `{ webhook_id, queued, enabled: true }`. */
export function recoverWebhook(sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  const body = validate(recoverBody, parseJson(info.body));
  const receiver = receiverOf(sender, info, tokenId);
  const queued = sender.recover(receiver, sinceKept(sender, tokenId, body.since), until(body.until));
  const answer: RecoverResponse = { webhook_id: receiver.id, queued, enabled: true };
  return json(answer);
}

/** `POST /api/v1/events/{event_id}/resend` → `{ event_id, queued }`: the event as it was, to its receivers. */
export function resendEvent(sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  validate(resendEventBody, parseJson(info.body));
  const id = info.params.event_id!;
  const queued = sender.ownerOf(id) === tokenId ? sender.resend(id) : undefined;
  if (queued === undefined)
    throw new SandboxHttpError(
      E.EVENT_NOT_FOUND,
      `no event '${id}' of this token in the last ${EVENT_RETENTION} (events are kept ${EVENT_RETENTION})`,
    );
  const answer: ResendEventResponse = { event_id: id, queued };
  return json(answer);
}

/** `GET /api/v1/webhooks/{id}/deliveries?since=&cursor=&limit=` → `{ data, next_cursor }`, oldest first. */
export function listReceiverDeliveries(sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  const receiver = receiverOf(sender, info, tokenId);
  const q = validate(receiverDeliveriesQuery, queryObject(info.url.searchParams, { numbers: ['limit'] }));
  const since = q.since === undefined ? Number.NEGATIVE_INFINITY : sinceKept(sender, tokenId, q.since);
  const page = pageOf({
    items: sender.receiverLog(receiver.id).log,
    position: (a) => a.seq,
    match: (a) => a.atMs >= since,
    cursor: q.cursor,
    limit: q.limit,
  });
  return json({ data: page.data.map(({ seq: _, atMs: __, ...attempt }) => attempt), next_cursor: page.next_cursor });
}
