// The sandbox's webhook POST (src/sandbox/webhooks/post.ts) against real loopback servers: kept-alive connections
// are reused; a kept-alive connection the receiver resets as a request goes out on it is retried once on a fresh one;
// no redirect is followed; the answer is cut to its first bytes; a URL with credentials is refused with fetch's words
// and nothing is sent; an abort and a refused connection reject.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createPoster } from '../../src/sandbox/webhooks/post.js';

const closers: Array<() => void> = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});
const never = new AbortController().signal;
const portOf = (s: Server | NetServer) => (s.address() as AddressInfo).port;
const listen = async <S extends Server | NetServer>(s: S): Promise<S> => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  closers.push(() => s.close());
  return s;
};
/** A loopback HTTP server that counts the requests it gets. */
const counting = async (handle: (req: IncomingMessage, res: ServerResponse) => void) => {
  let n = 0;
  const server = await listen(
    createServer((req, res) => {
      n++;
      handle(req, res);
    }),
  );
  return { server, hits: () => n };
};
const poster = (bytes = 4096) => {
  const p = createPoster(bytes);
  closers.push(() => p.close());
  return p;
};

it('reuses one kept-alive connection for attempts one after another', async () => {
  const sockets = new Set<Socket>();
  const server = await listen(
    createServer((req, res) => {
      sockets.add(req.socket);
      req.resume();
      req.on('end', () => res.writeHead(200).end('{}'));
    }),
  );
  const p = poster();
  const url = new URL(`http://127.0.0.1:${portOf(server)}/hooks`);
  for (let i = 0; i < 5; i++) expect(await p.post(url, {}, '{"n":1}', never)).toEqual({ status: 200, text: '{}' });
  expect(sockets.size).toBe(1);
});

it('a kept-alive connection reset as the next request goes out on it: retried once on a fresh connection', async () => {
  let connections = 0;
  let requests = 0;
  const server = await listen(
    createNetServer((socket) => {
      connections++;
      let served = 0;
      socket.on('data', (chunk) => {
        if (!chunk.toString('latin1').includes('\r\n\r\n{}')) return; // one whole request per chunk on loopback
        requests++;
        // The first connection answers once, then resets on its next request, as a receiver closing it would.
        if (connections === 1 && served === 1) return void socket.resetAndDestroy();
        served++;
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: keep-alive\r\n\r\ndone');
      });
    }),
  );
  const p = poster();
  const url = new URL(`http://127.0.0.1:${portOf(server)}/`);
  expect(await p.post(url, {}, '{}', never)).toEqual({ status: 200, text: 'done' });
  expect(await p.post(url, {}, '{}', never)).toEqual({ status: 200, text: 'done' });
  expect({ connections, requests }).toEqual({ connections: 2, requests: 3 });
});

it('a redirect is the answer, not followed; the answer is cut to its first bytes', async () => {
  const { server, hits } = await counting((req, res) => {
    req.resume();
    if (req.url === '/moved') res.writeHead(308, { location: '/elsewhere' }).end('moved');
    else res.writeHead(401).end('x'.repeat(10_000));
  });
  const p = poster(16);
  const base = `http://127.0.0.1:${portOf(server)}`;
  expect(await p.post(new URL(`${base}/moved`), {}, '{}', never)).toEqual({ status: 308, text: 'moved' });
  expect(await p.post(new URL(`${base}/big`), {}, '{}', never)).toEqual({ status: 401, text: 'x'.repeat(16) });
  expect(hits()).toBe(2);
});

it("a URL with credentials is refused with fetch's words, and nothing is sent", async () => {
  const { server, hits } = await counting((_req, res) => res.end());
  const url = new URL(`http://user:pw@127.0.0.1:${portOf(server)}/hooks`);
  await expect(poster().post(url, {}, '{}', never)).rejects.toThrow(
    `Request cannot be constructed from a URL that includes credentials: ${url.href}`,
  );
  expect(hits()).toBe(0);
});

it('an abort while the receiver keeps the answer rejects; a closed port rejects with ECONNREFUSED', async () => {
  const server = await listen(createServer(() => {}));
  const abort = new AbortController();
  const pending = poster().post(new URL(`http://127.0.0.1:${portOf(server)}/`), {}, '{}', abort.signal);
  setTimeout(() => abort.abort(), 50);
  await expect(pending).rejects.toThrow();
  const closed = await listen(createServer());
  const port = portOf(closed);
  await new Promise<void>((r) => closed.close(() => r()));
  await expect(poster().post(new URL(`http://127.0.0.1:${port}/`), {}, '{}', never)).rejects.toThrow(/ECONNREFUSED/);
});
