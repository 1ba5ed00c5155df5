/**
 * `/api/connections*`: the Connections page's calls. Reading, renewing and revoking are the integrator's own signed
 * calls (`listConsents`, `revokeConsent`; the widget renews). Moving the clock and connecting a test customer without
 * a browser are the sandbox's testing kit (sandbox-only, signed with the same token): a demo shows a year in a minute.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiError } from '../src/server/index.js';
import { advanceClock, triggerJourney } from '../src/sandbox/testing/index.js';
import { readJson, sendError, sendJson } from './http.js';
import type { Service } from './service.js';
import {
  CONNECTIONS_API,
  SSE,
  type ConnectionView,
  type ConnectionsSnapshot,
  type FailedAttempt,
  type ReceiverView,
  type ResendView,
} from './shared.js';
import type { ApplicationStore } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Failed attempts the receiver panel shows; attempts read from the delivery log at most. */
const SHOWN_FAILURES = 12;
const MAX_ATTEMPTS_READ = 5_000;
/** How long Resend waits for the copy to reach Lendly's handler before answering without its outcome. */
const RESEND_WAIT_MS = 5_000;
const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface ConnectionsContext {
  service: Service;
  store: ApplicationStore;
  vendor: string;
  sandbox: { url: string; token: { id: string; secret: string } };
  newRef(): string;
  /** Lendly's receiver: `down` makes /webhooks answer 503; `since` is the sandbox's time it last went down. */
  receiver: { down: boolean; since: string | null };
}

/** The buttons' steps; anything else is refused (the page offers only these). */
export const CLOCK_STEPS = ['1d', '7d', '30d', '180d'] as const;
const REF = /^[A-Za-z0-9_-]{1,64}$/;

/** Every consent of every customer Lendly has seen, with days left on the sandbox's clock and warnings received. */
async function snapshot(c: ConnectionsContext): Promise<ConnectionsSnapshot> {
  // The sandbox's clock, read by advancing it by nothing.
  const { now } = await advanceClock(c.sandbox, 0);
  const nowMs = Date.parse(now);
  const lists = await Promise.all(
    c.store.refs().map(async (ref) => {
      const { consents } = await c.service.client.listConsents({ vendor: c.vendor, ref }).catch(() => ({
        consents: [],
      }));
      const entries = c.store.get(ref)?.entries ?? [];
      return consents.map(
        (k): ConnectionView => ({
          ref,
          consent_id: k.consent_id,
          institution_id: k.institution_id,
          status: k.status,
          ...(k.revoked_by ? { revoked_by: k.revoked_by } : {}),
          sharing_days: k.sharing_days,
          sharing_expires_at: k.sharing_expires_at,
          days_left: k.sharing_expires_at
            ? Math.max(0, Math.ceil((Date.parse(k.sharing_expires_at) - nowMs) / DAY_MS))
            : null,
          account_ids: k.account_ids,
          warnings: entries.filter((e) => e.type === 'consent.expiring' && e.consentId === k.consent_id).length,
        }),
      );
    }),
  );
  return { now, connections: lists.flat() };
}

/** The receiver's state and its latest failed attempts since it went down (the sandbox's delivery log). */
async function receiverView(c: ConnectionsContext): Promise<ReceiverView> {
  const id = c.service.webhookId();
  const failed: FailedAttempt[] = [];
  const read = async (webhook: string, since: string | null) => {
    let n = 0;
    for await (const a of c.service.client.listDeliveries({ id: webhook, ...(since ? { since } : {}) })) {
      if (a.status === null || a.status >= 300) {
        const { event_id, type, attempt, at, status, next_retry_at } = a;
        failed.push({ event_id, type, attempt, at, status, next_retry_at });
        if (failed.length > SHOWN_FAILURES) failed.shift();
      }
      if (++n >= MAX_ATTEMPTS_READ) break;
    }
  };
  if (id) {
    try {
      await read(id, c.receiver.since);
    } catch (err) {
      // The clock moved more than the log's 30 days past the time it went down: the attempts the log still keeps.
      if (!isApiError(err) || err.code !== 'EVENTS_EXPIRED') throw err;
      failed.length = 0;
      await read(id, null);
    }
  }
  return { down: c.receiver.down, since: c.receiver.since, failed: failed.reverse() };
}

/** Sends `event_id` again (`resendEvent`) and waits a little for the handler's answer to the copy. */
async function resend(c: ConnectionsContext, eventId: string): Promise<ResendView> {
  let off = () => {};
  let timer: NodeJS.Timeout | undefined;
  const outcome = new Promise<string | undefined>((resolve) => {
    off = c.service.onDelivery((d) => {
      if (d.eventId === eventId) resolve(d.outcome);
    });
    timer = setTimeout(() => resolve(undefined), RESEND_WAIT_MS);
  });
  try {
    const { queued } = await c.service.client.resendEvent({ event_id: eventId });
    const answered = await outcome;
    return { event_id: eventId, queued, ...(answered ? { outcome: answered } : {}) };
  } finally {
    off();
    clearTimeout(timer);
  }
}

function stream(c: ConnectionsContext, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  const off = c.store.subscribeAll((ref, entry) => {
    if (entry.source === 'webhook') res.write(`event: ${SSE.entry}\ndata: ${JSON.stringify({ ...entry, ref })}\n\n`);
  });
  const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
  req.on('close', () => {
    off();
    clearInterval(ping);
  });
}

async function post(c: ConnectionsContext, path: string, body: Record<string, unknown>): Promise<unknown> {
  if (path === CONNECTIONS_API.clock) {
    const step = CLOCK_STEPS.find((s) => s === body.advance);
    if (!step) throw Object.assign(new Error(`advance is one of ${CLOCK_STEPS.join(', ')}`), { status: 400 });
    return advanceClock(c.sandbox, step);
  }
  if (path === CONNECTIONS_API.connect) {
    // A customer who connects Sandbox Bank by CDR, as triggerJourney walks it: no browser.
    const ref = c.newRef();
    c.store.ensure(ref);
    await triggerJourney(c.sandbox, { vendor: c.vendor, ref });
    return { ref };
  }
  if (path === CONNECTIONS_API.revoke) {
    const { ref, consent_id } = body;
    if (typeof ref !== 'string' || !REF.test(ref) || typeof consent_id !== 'string')
      throw Object.assign(new Error('send ref and consent_id'), { status: 400 });
    return c.service.client.revokeConsent({ vendor: c.vendor, ref, consent_id });
  }
  if (path === CONNECTIONS_API.receiver) {
    if (typeof body.down !== 'boolean') throw Object.assign(new Error('send { down: true | false }'), { status: 400 });
    // Catch up reads the events list from the sandbox's time the receiver went down.
    if (body.down && !c.receiver.down) c.receiver.since = (await advanceClock(c.sandbox, 0)).now;
    c.receiver.down = body.down;
    return receiverView(c);
  }
  if (path === CONNECTIONS_API.catchUp) {
    if (!c.receiver.since)
      throw Object.assign(new Error('take the receiver down first: catch up reads the events from then'), {
        status: 409,
      });
    return c.service.catchUp(c.receiver.since);
  }
  if (path === CONNECTIONS_API.resend) {
    const id = body.event_id;
    if (typeof id !== 'string' || !EVENT_ID.test(id)) throw Object.assign(new Error('send event_id'), { status: 400 });
    return resend(c, id);
  }
  return undefined;
}

/** Answers a Connections call; false when the path is none of them. */
export async function connectionsRoute(
  c: ConnectionsContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const get = req.method === 'GET' || req.method === 'HEAD';
  if (get && path === CONNECTIONS_API.events) {
    stream(c, req, res);
    return true;
  }
  try {
    if (get && path === CONNECTIONS_API.list) {
      sendJson(res, 200, await snapshot(c));
      return true;
    }
    if (get && path === CONNECTIONS_API.receiver) {
      sendJson(res, 200, await receiverView(c));
      return true;
    }
    if (req.method !== 'POST') return false;
    const answer = await post(c, path, await readJson(req));
    if (answer === undefined) return false;
    sendJson(res, 200, answer);
  } catch (err) {
    sendError(res, err);
  }
  return true;
}
