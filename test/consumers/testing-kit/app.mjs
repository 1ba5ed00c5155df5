// The integrator's app under test: one page that embeds the journey with the script-tag build (inline or modal) and a
// webhook receiver built with hosted-journey-server. Everything comes from the installed tarballs.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWebhookHandler, toNodeHandler } from 'hosted-journey-server';

const widgetDir = path.dirname(createRequire(import.meta.url).resolve('hosted-journey/iife'));

/**
 * @param {{ journeyOrigin: string, tokenId: string, webhookSecret: string }} options
 * @returns {Promise<{ url: string, processed: Map<string, number>, close(): Promise<void> }>}
 */
export async function startApp({ journeyOrigin, tokenId, webhookSecret }) {
  /** event_id → how many times our handler ran for it */
  const processed = new Map();
  const webhooks = toNodeHandler(
    createWebhookHandler({
      verify: { keys: [{ tokenId, secret: webhookSecret }] },
      on: {
        '*': async (event) => {
          processed.set(event.event_id, (processed.get(event.event_id) ?? 0) + 1);
        },
      },
    }),
  );
  const page = (/** @type {URLSearchParams} */ q) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Apply</title></head><body>
<h1>Apply for a loan</h1>
<button id="connect" type="button">Connect your bank</button>
<div id="journey"></div>
<script src="/hj/hosted-journey.iife.js"></script>
<script>
  const journey = HostedJourney.createJourney({
    vendor: 'acme',
    customerId: ${JSON.stringify(q.get('ref') ?? 'cust_1')},
    journeyOrigin: ${JSON.stringify(journeyOrigin)},
    ...${q.get('mode') === 'modal' ? "{ mode: 'modal' }" : "{ mode: 'inline', container: '#journey' }"},
    ...${JSON.stringify(q.has('locale') ? { locale: q.get('locale') } : {})},
    onEvent: (e) => { if (e.type === 'completed') document.body.dataset.completed = e.payload.applicationId; },
  });
  document.getElementById('connect').addEventListener('click', () => journey.open());
</script></body></html>`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://app');
    if (url.pathname === '/webhooks') return void webhooks(req, res);
    if (url.pathname.startsWith('/hj/')) {
      const file = path.join(widgetDir, path.basename(url.pathname));
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return void res.end(readFileSync(file));
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page(url.searchParams));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    processed,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
