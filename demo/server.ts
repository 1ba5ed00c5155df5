/**
 * The demo integrator app ("Lendly"): node:http, no framework. Run it with `npm run demo` (scripts/demo.mjs), or
 * `node --import tsx demo/server.ts` with SANDBOX_URL (and optionally PORT, DATABASE_URL, REDIS_URL, HJ_TOKEN_ID,
 * HJ_SIGNING_SECRET).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptPartEntries } from '../scripts/entries.mjs';
import { DEMO_ASSETS_DIR, ROOT, buildDemoAssets } from './assets.js';
import { connectionsRoute } from './connections-routes.js';
import { creditRoute } from './credit-routes.js';
import {
  APP_BRIDGES,
  type AppBridge,
  appPage,
  appReturnPage,
  applicationPage,
  connectionsPage,
  creditPage,
  directPage,
  homePage,
  scriptTagPage,
  spaPage,
  type PageContext,
} from './html.js';
import { funnelOf } from './funnel.js';
import { funnelPage } from './funnel-page.js';
import { csp, readBody, readJson, sendBytes, sendError, sendHtml, sendJson } from './http.js';
import { createService } from './service.js';
import { DEFAULT_LOCALE, STANDIN_BRIDGE_QUERY, matchLocale } from '../src/sandbox/index.js';
import { buildJourneyUrl } from '../src/widget/index.js';
import { SSE } from './shared.js';
import type { JourneySessionView } from '../src/server/types.js';
import { ApplicationStore } from './store.js';
import { inRequestSpan, traceOf, traceRoute } from './trace-routes.js';
import { type DemoTracing, startTracing, tracingRequested } from './tracing.js';

export interface DemoOptions {
  /** Sandbox origin. @example 'http://127.0.0.1:4010' */
  sandboxUrl: string;
  /** Port; 0 picks a free one. @example 4000 */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Host name in the demo's public URL; `localhost` keeps it a different origin from the sandbox on 127.0.0.1. */
  publicHost?: string;
  /** API credentials (the sandbox's defaults unless given). */
  tokenId?: string;
  signingSecret?: string;
  /** Vendor label. @example 'lendly' */
  vendor?: string;
  /** Use RedisDedupeStore at this URL. @example process.env.REDIS_URL */
  redisUrl?: string;
  /**
   * Use PostgresInbox on this PostgreSQL (migrated on start; wins over redisUrl) and write each webhook's application
   * row through ctx.db. @example process.env.DATABASE_URL
   */
  databaseUrl?: string;
  /** Bundle the browser modules with Vite before listening (default true). */
  buildAssets?: boolean;
  /** Where the bundled browser modules live. Default dist/demo-assets. */
  assetsDir?: string;
  /**
   * HOSTED_JOURNEY_TRACE=1 (demo/tracing.ts): the provider the demo's spans are made by, and the store its application
   * pages draw each trace from. Absent, `/applications/{ref}` says how to turn it on.
   */
  tracing?: DemoTracing;
}

const STATIC: Record<string, { file: string; type: string }> = {
  '/styles.css': { file: path.join(ROOT, 'demo', 'public', 'styles.css'), type: 'text/css; charset=utf-8' },
  // Browsers ask for it on every page; a 404 there is a console error on each.
  '/favicon.ico': { file: path.join(ROOT, 'demo', 'public', 'favicon.ico'), type: 'image/x-icon' },
  // The script tag and the parts it loads from next to itself when a journey needs them (the modal, prewarm, …).
  ...Object.fromEntries(
    ['iife', ...Object.keys(scriptPartEntries)].map((name) => [
      `/sdk/hosted-journey.${name}.js`,
      { file: path.join(ROOT, 'dist', `hosted-journey.${name}.js`), type: 'text/javascript; charset=utf-8' },
    ]),
  ),
};
const REF = /^[A-Za-z0-9_-]{1,64}$/;
/** Most sessions the funnel page reads (a demo's whole month, many times over). */
const MAX_FUNNEL_SESSIONS = 20_000;
const newRef = () => `cust_${randomBytes(6).toString('hex')}`;

export async function startDemo(o: DemoOptions) {
  const assetsDir = path.resolve(o.assetsDir ?? DEMO_ASSETS_DIR);
  if (o.buildAssets !== false) await buildDemoAssets(assetsDir);
  const vendor = o.vendor ?? 'lendly';
  const tokenId = o.tokenId ?? 'sandbox_token';
  const signingSecret = o.signingSecret ?? 'sandbox_secret';
  const sandboxUrl = new URL(o.sandboxUrl).origin;
  const store = new ApplicationStore();
  /** The application `ref` has started as `applicationId`: kept, and said in its log. */
  const markStarted = (ref: string, applicationId: string) => {
    const tracked = store.ensure(ref);
    tracked.applicationId = applicationId;
    store.record(ref, {
      id: `start-${ref}`,
      source: 'server',
      type: 'application.started',
      at: new Date().toISOString(),
      detail: applicationId,
    });
    return tracked;
  };
  const service = createService({
    sandboxUrl,
    tokenId,
    signingSecret,
    vendor,
    store,
    redisUrl: o.redisUrl,
    databaseUrl: o.databaseUrl,
    tracing: o.tracing,
  });
  await service.start(); // with a database: migrate before the first delivery
  const base: PageContext = { sandboxUrl, vendor, tracing: o.tracing !== undefined };
  const connections = {
    service,
    store,
    vendor,
    sandbox: { url: sandboxUrl, token: { id: tokenId, secret: signingSecret } },
    newRef,
    receiver: { down: false, since: null as string | null },
  };
  const policy = csp(sandboxUrl);
  let publicUrl = '';

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', publicUrl);
    const p = url.pathname;
    const get = req.method === 'GET' || req.method === 'HEAD';
    // The journey's language the visitor chose (the header's switch); an unshipped tag is the default.
    const ctx: PageContext = { ...base, locale: matchLocale(url.searchParams.get('locale')) ?? DEFAULT_LOCALE };
    if (p === '/webhooks') {
      // The Connections page's "Take the receiver down": the sandbox's attempts fail and are retried on its schedule.
      if (connections.receiver.down)
        return sendJson(res, 503, { error: { code: 'RECEIVER_DOWN', message: 'the demo receiver is down' } });
      return service.webhooks(req, res);
    }
    if (get && p === '/') return sendHtml(res, homePage(ctx), policy);
    if (get && p === '/script-tag.html') return sendHtml(res, scriptTagPage(ctx, newRef()), policy);
    if (get && p === '/spa.html') return sendHtml(res, spaPage(ctx), policy);
    if (get && p === '/credit.html') return sendHtml(res, creditPage(ctx), policy);
    if (get && p === '/direct.html') return sendHtml(res, directPage(ctx), policy);
    if (get && p === '/connections.html') return sendHtml(res, connectionsPage(ctx), policy);
    if (get && p === '/funnel.html') return sendHtml(res, await funnel(ctx, url), policy);
    if (get && p === '/app.html') return sendHtml(res, inAnApp(ctx, url), policy);
    if (get && p === '/app-return') return sendHtml(res, appReturnPage(ctx), policy);
    if (get && STATIC[p]) {
      const s = STATIC[p]!;
      if (!existsSync(s.file))
        return sendJson(res, 500, {
          error: { code: 'NOT_BUILT', message: `${path.relative(ROOT, s.file)} is missing: run npm run build` },
        });
      return sendBytes(res, readFileSync(s.file), s.type);
    }
    if (get && p.startsWith('/assets/')) {
      const file = path.join(assetsDir, path.normalize(p.slice('/assets/'.length)));
      if (!file.startsWith(assetsDir + path.sep) || !existsSync(file))
        return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'no such asset' } });
      return sendBytes(
        res,
        readFileSync(file),
        file.endsWith('.map') ? 'application/json' : 'text/javascript; charset=utf-8',
      );
    }
    if (p.startsWith('/api/credit/') && (await creditRoute(service.client, req, res, url))) return;
    if (p.startsWith('/api/connections') && (await connectionsRoute(connections, req, res, p))) return;
    if (p === '/api/applications' && req.method === 'POST') return startFromPage(req, res);
    if (get && p === '/api/webhook-stats')
      return sendJson(res, 200, { deliveries: service.deliveries(), processed: service.processed() });
    const appMatch = /^\/api\/applications\/([^/]+)(\/events|\/trace|\/widget-events|\/bundle\.(pdf|csv|json))?$/.exec(
      p,
    );
    const appRef = appMatch && REF.test(appMatch[1]!) ? appMatch[1] : undefined;
    if (await traceRoute(o.tracing, req, res, p, appRef)) return;
    if (get && appMatch && appRef) {
      const ref = appRef;
      if (!appMatch[2]) return sendJson(res, 200, store.snapshot(ref));
      if (appMatch[2] === '/events') return streamEvents(ref, req, res, url.searchParams.has('trace'));
      const app = store.get(ref);
      if (!app?.applicationId || !app.reportReady)
        return sendJson(res, 409, { error: { code: 'NOT_READY', message: 'the report is not ready yet' } });
      const format = appMatch[3] as 'pdf' | 'csv' | 'json';
      const bytes = await service.client.downloadBundle({ id: app.applicationId, format });
      const type = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8', json: 'application/json' }[format];
      return sendBytes(res, bytes, type, `${ref}.${format}`);
    }
    const pageMatch = /^\/applications\/([^/]+)$/.exec(p);
    if (get && pageMatch && REF.test(pageMatch[1]!))
      return sendHtml(res, applicationPage(ctx, pageMatch[1]!, 'Your application'), policy);
    if (p === '/direct/start' && req.method === 'POST') return directStart(req, res);
    const back = /^\/direct\/return\/([^/]+)$/.exec(p);
    if (get && back && REF.test(back[1]!)) return directReturn(back[1]!, url, res);
    sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `no route ${req.method} ${p}` } });
  }

  /** The funnel page: this vendor's journey sessions (the service's records), one picked by `?session=`. */
  async function funnel(ctx: PageContext, url: URL): Promise<string> {
    const sessions: JourneySessionView[] = [];
    for await (const s of service.client.listJourneySessions({ vendor, limit: 500 })) {
      sessions.push(s);
      if (sessions.length >= MAX_FUNNEL_SESSIONS) break;
    }
    const param = (k: string) => {
      const v = url.searchParams.get(k);
      return v && REF.test(v) ? v : undefined;
    };
    const filter = { bank: param('bank'), pathway: param('pathway') };
    const id = param('session');
    const session = id ? sessions.find((s) => s.session_id === id) : undefined;
    const trace = session && o.tracing?.traces.view(session.ref).find((t) => t.traceId === session.trace_id);
    return funnelPage(ctx, {
      funnel: funnelOf(sessions, filter),
      filter,
      recent: sessions.slice(-20).reverse(),
      ...(session ? { selected: { session, trace } } : {}),
    });
  }

  /**
   * The app page: a journey URL for an app (your server's part, docs/native-apps.md §1), its return link this demo's
   * `/app-return`, plus the sandbox's `standin_bridge=1` so the journey loads the stand-in bridge in the page's frame.
   */
  function inAnApp(ctx: PageContext, url: URL): string {
    const asked = url.searchParams.get('bridge') ?? '';
    const bridge: AppBridge = asked in APP_BRIDGES ? (asked as AppBridge) : 'ios';
    const ref = newRef();
    const returnUrl = `${publicUrl}/app-return`;
    const journeyUrl = buildJourneyUrl({
      vendor,
      customerId: ref,
      journeyOrigin: sandboxUrl,
      institutionId: 'cdr-only-bank',
      prefill: { fullName: 'Alex Citizen', email: 'alex@example.com' },
      prefillIn: 'query', // an app's journey has no parent to hand it over
      locale: ctx.locale ?? DEFAULT_LOCALE,
      nativeBridge: bridge,
      returnUrl,
    });
    return appPage(ctx, { ref, bridge, returnUrl, journeyUrl: `${journeyUrl}&${STANDIN_BRIDGE_QUERY}=1` });
  }

  /** The page's start: the application, in the page's trace (its `traceparent` header) when tracing. */
  async function startFromPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    const ref = newRef();
    const str = (k: string) => (typeof body[k] === 'string' && body[k] ? (body[k] as string) : undefined);
    const fullName = str('fullName');
    const email = str('email');
    const phone = str('phone');
    const traceparent = req.headers.traceparent;
    const app = await inRequestSpan(o.tracing, req, 'POST /api/applications', ref, () =>
      service.client.startApplication({
        vendor,
        ref,
        analysis: true,
        ...(fullName ? { full_name: fullName } : {}),
        ...(email ? { email } : {}),
        ...(phone ? { phone } : {}),
        // Without an SDK the page's context still reaches the service (an active span wins over it).
        ...(typeof traceparent === 'string' ? { traceparent } : {}),
      }),
    );
    markStarted(ref, app.application_id);
    sendJson(res, 201, {
      ref,
      vendor,
      journeyOrigin: sandboxUrl,
      applicationId: app.application_id,
      trace: o.tracing !== undefined,
    });
  }

  /** Server-Sent Events of `ref`: its log entries, and (`withTrace`) its trace each time it grows. */
  function streamEvents(ref: string, req: IncomingMessage, res: ServerResponse, withTrace: boolean): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send(SSE.snapshot, store.snapshot(ref));
    const off = store.subscribe(ref, (entry) => send(SSE.entry, entry));
    const offTrace = withTrace ? followTrace(ref, () => send(SSE.trace, traceOf(o.tracing, ref))) : () => {};
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
    req.on('close', () => {
      off();
      offTrace();
      clearInterval(ping);
    });
  }

  /** Calls `send` now and after each change to `ref`'s traces, at most every 250 ms (a journey adds rows in bursts). */
  function followTrace(ref: string, send: () => void): () => void {
    send();
    if (!o.tracing) return () => {};
    let timer: NodeJS.Timeout | undefined;
    const off = o.tracing.traces.subscribe((traceId) => {
      if (timer || !o.tracing!.traces.traceIdsOf(ref).includes(traceId)) return;
      timer = setTimeout(() => {
        timer = undefined;
        send();
      }, 250);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }

  /** Server-to-server style: our own form → start, attach (cdr), consent with redirect_uri → the bank. */
  async function directStart(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const ref = newRef();
    const bankId = form.get('bank_id') ?? 'sandbox-bank';
    try {
      const app = await service.client.startApplication({
        vendor,
        ref,
        full_name: form.get('full_name') ?? '',
        email: form.get('email') ?? '',
      });
      const tracked = markStarted(ref, app.application_id);
      await service.client.attachInstitution({ vendor, ref, bank_id: bankId, pathway: 'cdr' });
      tracked.consentState = randomBytes(16).toString('hex');
      const consent = await service.client.createConsent({
        vendor,
        ref,
        bank_id: bankId,
        redirect_uri: `${publicUrl}/direct/return/${ref}`,
        state: tracked.consentState,
      });
      store.record(ref, {
        id: `consent-${consent.consent_id}`,
        source: 'server',
        type: 'consent.created',
        at: new Date().toISOString(),
        detail: consent.consent_id,
      });
      res.writeHead(303, { location: consent.consent_url, 'cache-control': 'no-store' });
      res.end();
    } catch (err) {
      sendHtml(res, directPage(base, (err as Error).message), policy, 422);
    }
  }

  function directReturn(ref: string, url: URL, res: ServerResponse): void {
    const app = store.get(ref);
    const status = url.searchParams.get('status');
    // `state` ties the return to the consent this server created (a forged link cannot claim someone's approval).
    if (!app?.consentState || url.searchParams.get('state') !== app.consentState) {
      return sendHtml(
        res,
        applicationPage(
          base,
          ref,
          'We could not match this bank response',
          '!The bank response did not match a consent we started.',
        ),
        policy,
        400,
      );
    }
    const note =
      status === 'authorised'
        ? 'Your bank approved access. We are retrieving your statements.'
        : '!You declined access at your bank. Nothing was shared.';
    sendHtml(
      res,
      applicationPage(base, ref, status === 'authorised' ? 'Thanks — bank connected' : 'Bank access declined', note),
      policy,
    );
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err) => {
      if (!res.headersSent) sendError(res, err);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  publicUrl = `http://${o.publicHost ?? 'localhost'}:${port}`;
  await service.registerWebhook(`http://${o.host ?? '127.0.0.1'}:${port}/webhooks`);

  return {
    url: publicUrl,
    port,
    store,
    storeKind: service.storeKind,
    deliveries: service.deliveries,
    processed: service.processed,
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await service.close();
    },
  };
}

export type Demo = Awaited<ReturnType<typeof startDemo>>;

/** The options `node --import tsx demo/server.ts` starts with, from its environment. */
export function demoOptionsFromEnv(env: NodeJS.ProcessEnv, sandboxUrl: string): DemoOptions {
  return {
    sandboxUrl,
    port: Number(env.PORT ?? 4000),
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.HJ_TOKEN_ID ? { tokenId: env.HJ_TOKEN_ID } : {}),
    ...(env.HJ_SIGNING_SECRET ? { signingSecret: env.HJ_SIGNING_SECRET } : {}),
  };
}

// Run directly: `node --import tsx demo/server.ts`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sandboxUrl = process.env.SANDBOX_URL;
  if (!sandboxUrl) {
    console.error('demo/server.ts: set SANDBOX_URL (npm run demo does this for you)');
    process.exit(2);
  }
  const tracing = tracingRequested(process.env)
    ? startTracing({ ...(process.env.DEMO_TRACE_TOKEN ? { ingestToken: process.env.DEMO_TRACE_TOKEN } : {}) })
    : undefined;
  const demo = await startDemo({ ...demoOptionsFromEnv(process.env, sandboxUrl), ...(tracing ? { tracing } : {}) });
  console.log(`DEMO_URL=${demo.url}`);
  const stop = () => void demo.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
