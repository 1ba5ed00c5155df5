// Loopback HTTP servers for the load sections.
import { createServer } from 'node:http';

/** Listens on 127.0.0.1, a free port; resolves to `{ url, close() }`. */
export async function listen(handler) {
  const server = createServer(handler);
  server.keepAliveTimeout = 10_000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** The baseline: reads the body and answers 200, nothing else. */
export const bareHandler = (req, res) => {
  req.on('data', () => {});
  req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
};
