/**
 * A tiny loopback HTTP server for end-to-end specs: a route table (exact pathname → body or handler) and/or a root
 * directory of static files, on a free port. `host: 'localhost'` and `host: '127.0.0.1'` are different origins for
 * the browser, so two servers give a two-origin setup on one machine.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface StaticRoute {
  body: string | Uint8Array;
  /** Content type; guessed from the path's extension when absent. */
  type?: string;
  status?: number;
  headers?: Record<string, string>;
}
export type StaticRoutes = Record<string, StaticRoute | ((req: IncomingMessage, url: URL) => StaticRoute | undefined)>;

export interface StaticServerOptions {
  /** Directory served for paths not in `routes` (no directory listing; `..` cannot escape it). */
  root?: string;
  routes?: StaticRoutes;
  host?: '127.0.0.1' | 'localhost';
  /** Headers added to every response (e.g. a Content-Security-Policy). */
  headers?: Record<string, string>;
}

export interface StaticServer {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** Every request path (with query) seen, in order. */
  requests: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const typeOf = (p: string) => TYPES[path.extname(p)] ?? 'application/octet-stream';

export async function startStaticServer(options: StaticServerOptions = {}): Promise<StaticServer> {
  const host = options.host ?? '127.0.0.1';
  const root = options.root ? path.resolve(options.root) : undefined;
  const requests: string[] = [];

  async function resolve(req: IncomingMessage, url: URL): Promise<StaticRoute | undefined> {
    const entry = options.routes?.[url.pathname];
    if (entry) return typeof entry === 'function' ? entry(req, url) : entry;
    if (!root) return undefined;
    const file = path.resolve(root, '.' + decodeURIComponent(url.pathname));
    if (file !== root && !file.startsWith(root + path.sep)) return undefined;
    try {
      return { body: await readFile(file), type: typeOf(file) };
    } catch {
      return undefined;
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname + url.search);
    resolve(req, url)
      .then((route) => {
        if (!route) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        res
          .writeHead(route.status ?? 200, {
            'content-type': route.type ?? typeOf(url.pathname),
            'cache-control': 'no-store',
            ...options.headers,
            ...route.headers,
          })
          .end(route.body);
      })
      .catch((error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
