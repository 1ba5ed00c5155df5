/**
 * Loopback HTTP for the use-case and binding specs: a route table served on a free port, and esbuild bundles of
 * page scripts (pages under a strict CSP cannot use inline scripts, so every script is a file on the page's origin).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Route {
  body: string | Uint8Array;
  type: string;
  headers?: Record<string, string>;
}
export type Routes = Record<string, Route | ((req: IncomingMessage) => Route)>;

export interface Served {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  /** Every request path seen, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves `routes` (by pathname) on `host`, port 0; a path not in the table goes to `fallback`, else 404.
 * `localhost` listens on 127.0.0.1 but is a different origin for the browser, which is what two-origin specs need.
 */
export async function serve(
  routes: Routes,
  host: '127.0.0.1' | 'localhost' = '127.0.0.1',
  fallback?: (pathname: string) => Route | undefined,
): Promise<Served> {
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(pathname);
    const entry = routes[pathname];
    const route = typeof entry === 'function' ? entry(req) : (entry ?? fallback?.(pathname));
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store', ...route.headers }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, host === 'localhost' ? '127.0.0.1' : host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Fails with the fix when the package has not been built (the specs run against dist/, like integrators). */
export function requireDist(...files: string[]): void {
  for (const f of files) {
    if (!existsSync(path.join(ROOT, 'dist', f))) throw new Error(`dist/${f} is missing: run \`npm run build\` first`);
  }
}

/**
 * Bundles one browser entry (bare imports from node_modules) into a self-contained ES module. `development` keeps
 * React's development build, the only one where StrictMode double-invokes effects.
 */
export async function bundle(entry: string, nodeEnv: 'production' | 'development' = 'production'): Promise<string> {
  const out = await build({
    entryPoints: [path.resolve(ROOT, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    platform: 'browser',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

export const html = (body: string): Route => ({ body, type: 'text/html; charset=utf-8' });
export const js = (body: string): Route => ({ body, type: 'text/javascript; charset=utf-8' });
export const css = (body: string): Route => ({ body, type: 'text/css; charset=utf-8' });
