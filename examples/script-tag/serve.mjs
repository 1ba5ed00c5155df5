// Stands in for your static host and your backend: serves index.html and the widget's script from the installed
// package, and receives the webhooks (hosted-journey-server, toNodeHandler). The page itself is plain HTML.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWebhookHandler, toNodeHandler } from 'hosted-journey-server';

const port = Number(process.env.PORT ?? 3000);
const journeyOrigin = process.env.HJ_JOURNEY_ORIGIN ?? 'http://127.0.0.1:4010';
const tokenId = process.env.HJ_TOKEN_ID ?? 'sandbox_token';
const webhookSecret = process.env.HJ_WEBHOOK_SECRET ?? 'sandbox_secret'; // the sandbox signs with the token's secret

const widgetDir = path.dirname(createRequire(import.meta.url).resolve('hosted-journey/iife'));
const page = readFileSync(new URL('./index.html', import.meta.url), 'utf8')
  .replace('data-journey-origin="http://127.0.0.1:4010"', `data-journey-origin="${journeyOrigin}"`)
  .replace('cust_script_tag', `cust_${Math.random().toString(36).slice(2, 10)}`);
const webhooks = toNodeHandler(
  createWebhookHandler({
    verify: { keys: [{ tokenId, secret: webhookSecret }] },
    on: { '*': async (e) => console.log(`webhook processed ${e.type} ${e.event_id} ${e.application_id}`) },
  }),
);

createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === '/webhooks') return void webhooks(req, res);
  // The script tag, and the parts it loads from next to itself when a journey needs them (hosted-journey.modal.js …).
  if (/^\/hosted-journey\.[\w-]+\.js$/.test(pathname)) {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    return void res.end(readFileSync(path.join(widgetDir, pathname.slice(1))));
  }
  if (pathname !== '/') return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
}).listen(port, '127.0.0.1', () => console.log(`script-tag example on http://127.0.0.1:${port}`));
