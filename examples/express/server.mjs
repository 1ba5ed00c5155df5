// Express 5: a page that embeds the journey (script-tag build, modal) and the webhook endpoint (toNodeHandler), which
// finalises the application once its data is retrieved. Configuration from the environment; the defaults are the
// sandbox's (`npm run sandbox`).
import { createRequire } from 'node:module';
import path from 'node:path';
import express from 'express';
import { createClient, createWebhookHandler, toNodeHandler } from 'hosted-journey-server';

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
const webhooks = createWebhookHandler({
  verify: { keys: [{ tokenId: env.tokenId, secret: env.webhookSecret }] },
  on: {
    // The data is in: finalise, and the service prepares the report (application.report_ready follows).
    'crawl.completed': async (event) => {
      await client.finalise({ vendor: event.vendor, ref: event.ref });
      processed(event);
    },
    '*': async (event) => processed(event),
  },
});

const app = express();
// Mounted before any body parser: toNodeHandler reads the raw body the signature covers.
app.post('/webhooks', toNodeHandler(webhooks));
const widget = path.dirname(createRequire(import.meta.url).resolve('hosted-journey/iife'));
app.use('/hosted-journey', express.static(widget));
app.get('/', (_req, res) => {
  const customerId = `cust_${Math.random().toString(36).slice(2, 10)}`;
  res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Apply — Express example</title></head>
<body>
  <h1>Apply for a loan</h1>
  <p>Share your bank statements to finish your application.</p>
  <button id="connect" type="button">Connect your bank</button>
  <p id="status" role="status"></p>
  <script src="/hosted-journey/hosted-journey.iife.js"></script>
  <script>
    const journey = HostedJourney.createJourney({
      vendor: 'acme',
      customerId: ${JSON.stringify(customerId)},
      journeyOrigin: ${JSON.stringify(env.journeyOrigin)},
      mode: 'modal',
      onComplete: ({ applicationId }) => {
        document.getElementById('status').textContent = 'Bank connected: ' + applicationId;
      },
    });
    document.getElementById('connect').addEventListener('click', () => journey.open());
  </script>
</body></html>`);
});
// Express 5 hands a failed listen (EADDRINUSE) to this callback: without the check the process would print its line,
// then exit 0 with nothing listening.
const server = app.listen(env.port, '127.0.0.1', (error) => {
  if (error) throw error;
  console.log(`express example on http://127.0.0.1:${server.address().port}`);
});
