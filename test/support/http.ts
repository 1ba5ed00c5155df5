// A programmable node:http server on loopback for client tests: records every request with its raw body. And a
// webhook receiver on loopback that keeps what it was sent.
import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebhookHandler, toNodeHandler } from '../../src/server/index.js';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  at: number;
}

export type Handler = (req: Recorded, res: ServerResponse, n: number) => void | Promise<void>;

export async function startHttp(
  handler: Handler,
): Promise<{ url: string; requests: Recorded[]; setHandler(h: Handler): void; close(): Promise<void> }> {
  const requests: Recorded[] = [];
  let current = handler;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      requests.push(rec);
      Promise.resolve(current(rec, res, requests.length)).catch((e: unknown) => {
        res.statusCode = 599;
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler: (h) => (current = h),
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A client's options for a test server at `baseUrl`: a test token, and retries a millisecond apart. */
export const testClientOptions = (baseUrl: string) => ({
  baseUrl,
  tokenId: 'tok_1',
  signingSecret: 'sk_test_secret',
  retry: { retries: 2, baseDelayMs: 1 },
});

/** `handler` behind toNodeHandler on loopback; `received` keeps each request's headers and body as sent. */
export async function startReceiver(handler: WebhookHandler) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const node = toNodeHandler(handler);
  const app = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }));
    void node(req, res);
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((r) => app.close(() => r())),
  };
}
