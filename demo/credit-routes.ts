/** `/api/credit/*`: the credit page's calls, each made by the demo server through the signed client. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service } from './service.js';
import { readJson, sendBytes, sendError, sendJson } from './http.js';

type Client = Service['client'];
type Body = Record<string, unknown>;

/** The browser's body minus the client's call options; the client validates the rest (422 on a bad field). */
const data = (b: Body): never => {
  const { signal: _s, timeoutMs: _t, idempotencyKey: _i, as: _a, ...rest } = b;
  return rest as never;
};

const ROUTES: Record<string, (c: Client, b: Body) => Promise<unknown>> = {
  lodge: (c, b) => c.lodgeEnquiry(data(b)),
  report: (c, b) => c.getReport({ enquiry_id: String(b.enquiry_id) }),
  account: (c, b) => c.createAccount(data(b)),
  'account/update': (c, b) => c.updateAccount(data(b)),
  payment: (c, b) => c.savePayment(data(b)),
  default: (c, b) => c.registerDefault(data(b)),
  'default/update': (c, b) => c.updateDefault(data(b)),
};

/** Returns false when the path is not a credit route. */
export async function creditRoute(
  client: Client,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const name = url.pathname.slice('/api/credit/'.length);
  try {
    if (name === 'report.pdf' && req.method === 'GET') {
      const bytes = await client.downloadReport({ enquiry_id: url.searchParams.get('enquiry_id') ?? '' });
      sendBytes(res, bytes, 'application/pdf', `credit-report-${url.searchParams.get('enquiry_id')}.pdf`);
      return true;
    }
    const route = ROUTES[name];
    if (!route) return false;
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'use POST' } });
      return true;
    }
    sendJson(res, 200, await route(client, await readJson(req)));
  } catch (err) {
    sendError(res, err);
  }
  return true;
}
