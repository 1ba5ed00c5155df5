/**
 * `/api/connections*`: the Connections page's calls. Reading, renewing and revoking are the integrator's own signed
 * calls (`listConsents`, `revokeConsent`; the widget renews). Moving the clock and connecting a test customer without
 * a browser are the sandbox's testing kit (sandbox-only, signed with the same token): a demo shows a year in a minute.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { advanceClock, triggerJourney } from '../src/sandbox/testing/index.js';
import { readJson, sendError, sendJson } from './http.js';
import type { Service } from './service.js';
import { CONNECTIONS_API, SSE, type ConnectionView, type ConnectionsSnapshot } from './shared.js';

const DAY_MS = 24 * 60 * 60 * 1000;
import type { ApplicationStore } from './store.js';

export interface ConnectionsContext {
  service: Service;
  store: ApplicationStore;
  vendor: string;
  sandbox: { url: string; token: { id: string; secret: string } };
  newRef(): string;
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
    if (req.method !== 'POST') return false;
    const answer = await post(c, path, await readJson(req));
    if (answer === undefined) return false;
    sendJson(res, 200, answer);
  } catch (err) {
    sendError(res, err);
  }
  return true;
}
