// Hono on Node with the Web Crypto build of hosted-journey-server (`/web`: the same code runs on Workers, Deno, Bun):
// the page embeds the journey inline, and POST /webhooks (toFetchHandler) finalises each application once its data is
// retrieved. Configuration from the environment; the defaults are the sandbox's (`npm run sandbox`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createClient, createWebhookHandler, toFetchHandler } from 'hosted-journey-server/web';

const env = {
  port: Number(process.env.PORT ?? 3000),
  apiUrl: process.env.HJ_API_URL ?? 'http://127.0.0.1:4010', // the sandbox serves the API and the journey
  journeyOrigin: process.env.HJ_JOURNEY_ORIGIN ?? process.env.HJ_API_URL ?? 'http://127.0.0.1:4010',
  tokenId: process.env.HJ_TOKEN_ID ?? 'sandbox_token',
  signingSecret: process.env.HJ_SIGNING_SECRET ?? 'sandbox_secret',
  webhookSecret: process.env.HJ_WEBHOOK_SECRET ?? 'sandbox_secret', // the sandbox signs with the token's secret
};

const client = createClient({ baseUrl: env.apiUrl, tokenId: env.tokenId, signingSecret: env.signingSecret });
const processed = (event) => console.log(`webhook processed ${event.type} ${event.event_id} ${event.application_id}`);
const webhook = toFetchHandler(
  createWebhookHandler({
    verify: { keys: [{ tokenId: env.tokenId, secret: env.webhookSecret }] },
    on: {
      'crawl.completed': async (event) => {
        await client.finalise({ vendor: event.vendor, ref: event.ref });
        processed(event);
      },
      '*': async (event) => processed(event),
    },
  }),
);
// The script tag's folder: hosted-journey.iife.js and the parts it loads from next to itself (hosted-journey.modal.js …).
const widget = path.dirname(createRequire(import.meta.url).resolve('hosted-journey/iife'));

const app = new Hono();
app.post('/webhooks', (c) => webhook(c.req.raw));
app.get('/:file{hosted-journey\\.[a-z-]+\\.js}', (c) =>
  c.body(readFileSync(path.join(widget, c.req.param('file'))), 200, {
    'content-type': 'text/javascript; charset=utf-8',
  }),
);
app.get('/', (c) => {
  const customerId = `cust_${crypto.randomUUID().slice(0, 8)}`;
  return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Apply — Hono example</title></head>
<body>
  <h1>Apply for a loan</h1>
  <div id="bank-connect"></div>
  <script src="/hosted-journey.iife.js"></script>
  <script>
    HostedJourney.createJourney({
      vendor: 'acme',
      customerId: ${JSON.stringify(customerId)},
      journeyOrigin: ${JSON.stringify(env.journeyOrigin)},
      container: '#bank-connect',
      onComplete: ({ applicationId }) => console.log('journey completed', applicationId),
    }).open();
  </script>
</body></html>`);
});
serve({ fetch: app.fetch, port: env.port, hostname: '127.0.0.1' }, ({ port }) =>
  console.log(`hono example on http://127.0.0.1:${port}`),
);
