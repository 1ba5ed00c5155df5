/**
 * Runtime adapters for a WebhookHandler. No Node imports at runtime: toNodeHandler uses only the request's stream
 * events, so both entries export both adapters.
 */
import { PARSED_BODY_MESSAGE } from '../inputs.js';
import type { WebhookHandler, WebhookResult } from './handler.js';

/** Fetch API: Next.js route handlers, Hono (`c.req.raw`), workers, Deno, Bun. */
export function toFetchHandler(handler: WebhookHandler): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const body = new Uint8Array(await request.arrayBuffer());
    const r = await handler.handle({ method: request.method, path: url.pathname + url.search, headers: request.headers, body });
    return new Response(r.body, { status: r.status, headers: r.headers });
  };
}

/** The parts of node:http's IncomingMessage / Express's Request this adapter reads. */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  /** Express keeps the full path here when a router is mounted. */
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  /** Set by body parsers: a Buffer/string (express.raw / express.text) is used; a parsed object is refused. */
  body?: unknown;
  readableEnded?: boolean;
  on(event: 'data', fn: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end', fn: () => void): unknown;
  on(event: 'error', fn: (e: Error) => void): unknown;
}

export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: string): unknown;
}

export interface NodeHandlerOptions {
  /** Largest body read, bytes; larger deliveries get 413. Default 1 MiB. @example { maxBodyBytes: 256 * 1024 } */
  maxBodyBytes?: number;
}

const encoder = new TextEncoder();
const send = (res: NodeResponseLike, r: Pick<WebhookResult, 'status' | 'headers' | 'body'>) => {
  res.writeHead(r.status, r.headers);
  res.end(r.body);
};
const fail = (status: number, code: string, message: string) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { code, message } }) });

/** node:http and Express: reads the raw body itself; answers 400 PARSED_BODY if a body parser consumed it already. */
export function toNodeHandler(handler: WebhookHandler, options: NodeHandlerOptions = {}): (req: NodeRequestLike, res: NodeResponseLike) => void {
  const max = options.maxBodyBytes ?? 1024 * 1024;
  return (req, res) => {
    const run = (body: Uint8Array | string) =>
      handler
        .handle({ method: req.method ?? 'GET', path: req.originalUrl ?? req.url ?? '/', headers: req.headers, body })
        .then((r) => send(res, r), () => send(res, fail(500, 'INTERNAL', 'webhook handler error')));
    const pre = req.body;
    if (typeof pre === 'string' || pre instanceof Uint8Array) return void run(pre);
    // express.json()/urlencoded() leave a parsed object; with a non-matching type they leave `{}` and the stream unread.
    const emptyObject = typeof pre === 'object' && pre !== null && Object.keys(pre).length === 0;
    if (pre !== undefined && pre !== null && !emptyObject) {
      return send(res, fail(400, 'PARSED_BODY', PARSED_BODY_MESSAGE));
    }
    if (req.readableEnded) return send(res, fail(400, 'PARSED_BODY', `the request body was already read by another middleware. ${PARSED_BODY_MESSAGE}`));
    const chunks: Uint8Array[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c) => {
      if (tooBig) return;
      const bytes = typeof c === 'string' ? encoder.encode(c) : c;
      size += bytes.length;
      if (size > max) {
        tooBig = true;
        send(res, fail(413, 'BODY_TOO_LARGE', `webhook body over ${max} bytes`));
        return;
      }
      chunks.push(bytes);
    });
    req.on('error', () => {
      if (!tooBig) send(res, fail(400, 'BODY_READ_FAILED', 'could not read the request body'));
      tooBig = true;
    });
    req.on('end', () => {
      if (tooBig) return;
      if (chunks.length === 1) return void run(chunks[0]!); // the usual case: no copy
      const body = new Uint8Array(size);
      let o = 0;
      for (const c of chunks) {
        body.set(c, o);
        o += c.length;
      }
      void run(body);
    });
  };
}
