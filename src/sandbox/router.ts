/** Routing: one node:http listener for the signed API, the journey pages and API, the fake banks and the assets. */
import { JOURNEY_API_BASE, journeyApiTemplate, matchJourneyApi } from '../protocol/journey-api.js';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_OPERATIONS, type ApiOperationName } from '../protocol/index.js';
import { advanceClock, expireConsent, listConsents, revokeConsent } from './api/consents.js';
import { getInstitution, institutionLogo } from './api/institutions.js';
import type { RequestContext, SandboxContext } from './core/context.js';
import { SandboxErrorCode as E, SandboxHttpError } from './core/errors.js';
import { errorReply, readBody, writeReply, type Reply, type RequestInfo } from './core/http.js';
import { authenticate, withIdempotency } from './api/auth.js';
import { bundle, consents, finaliseApplication, profile } from './api/open-banking.js';
import {
  createAccount,
  downloadReport,
  getReport,
  lodgeEnquiry,
  registerDefault,
  savePayment,
  updateAccount,
  updateDefault,
} from './api/credit.js';
import { getJourneySession, listJourneySessions } from './api/journey-sessions.js';
import { deleteWebhook, listDeliveries, listWebhooks, registerWebhook, resendDelivery } from './api/webhooks.js';
import { listEvents, listReceiverDeliveries, recoverWebhook, resendEvent } from './api/events.js';
import { checkJourneyRequest, journeyApi, journeyStatus } from './journey/api.js';
import { journeyPage, serveAsset } from './journey/pages.js';
import { authorisePage, bankStylesheet, decision } from './banks/consent-pages.js';
import { bankRedirect } from './banks/redirect.js';
import { sharingPage, stopSharing } from './banks/dashboard.js';
import { indexReply } from './home/reply.js';
import { INDEX_STYLESHEET_PATH, indexStylesheet } from './home/html.js';
import type { WebhookSender } from './webhooks/sender.js';
import { hostnameOf, isServedHost } from './core/hosts.js';
import { OPENAPI_PATH, openApiDocument } from './openapi/document.js';
import { consentTraceparent, endRequest, nameRequest, noteApplication, requestTrace } from './core/trace.js';

type Handler = (ctx: SandboxContext, info: RequestInfo, tokenId: string) => Reply | Promise<Reply>;

/** The handler of each row of the operation table (src/protocol/operations.ts): a row without one does not compile. */
const handlers = (sender: WebhookSender): Record<ApiOperationName, Handler> => ({
  startApplication: profile,
  createConsent: consents,
  finalise: finaliseApplication,
  downloadBundle: bundle,
  listConsents,
  revokeConsent,
  getInstitution,
  lodgeEnquiry,
  getReport,
  downloadReport,
  createAccount,
  updateAccount,
  savePayment,
  registerDefault,
  updateDefault,
  registerWebhook: (ctx, info, tokenId) => registerWebhook(ctx, sender, info, tokenId),
  listWebhooks: (_, __, tokenId) => listWebhooks(sender, tokenId),
  deleteWebhook: (_, info, tokenId) => deleteWebhook(sender, info, tokenId),
  getJourneySession,
  listJourneySessions,
  listEvents: (_, info, tokenId) => listEvents(sender, info, tokenId),
  recoverWebhook: (_, info, tokenId) => recoverWebhook(sender, info, tokenId),
  resendEvent: (_, info, tokenId) => resendEvent(sender, info, tokenId),
  listDeliveries: (_, info, tokenId) => listReceiverDeliveries(sender, info, tokenId),
  advanceClock,
  expireConsent,
  listSandboxDeliveries: (_, info, tokenId) => listDeliveries(sender, info, tokenId),
  resendDelivery: (_, info, tokenId) => resendDelivery(sender, info, tokenId),
});

interface SignedRoute {
  /** The route template, e.g. `/api/v1/{vendor}/{ref}/profile`: the request's span name, never the filled-in path. */
  template: string;
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

function compile(template: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, k: string) => {
    keys.push(k);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), keys };
}

/** One route per row of the operation table. */
function signedRoutes(sender: WebhookSender): SignedRoute[] {
  const byName = handlers(sender);
  return (Object.keys(API_OPERATIONS) as ApiOperationName[]).map((name) => {
    const { method, path } = API_OPERATIONS[name];
    return { method, template: path, ...compile(path), handler: byName[name] };
  });
}

/**
 * Origins the journey API answers: the sandbox's own, and the Host it was reached by when that is an IP literal or
 * localhost (e.g. 127.0.0.1 vs localhost, or a LAN address). A DNS name other than ours is refused even when it
 * resolves to us: that is what a DNS-rebinding page would send.
 */
function ownOrigins(ctx: SandboxContext, host: string | undefined): string[] {
  const origins = [ctx.origin()];
  if (host) {
    try {
      const { hostname } = new URL(`http://${host}`);
      if (hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.startsWith('['))
        origins.push(`http://${host}`);
    } catch {
      /* a malformed Host adds nothing */
    }
  }
  return origins;
}

/** A route answers with the context bound to the request (its trace context passed on to what it calls). */
type Route = (req: IncomingMessage, info: RequestInfo, ctx: RequestContext) => Reply | null | Promise<Reply | null>;

/** The signed API: twelve endpoints and the webhook registrations, each behind `authenticate`. */
function signedApi(sender: WebhookSender): Route {
  const routes = signedRoutes(sender);
  return async (req, info, ctx) => {
    const method = req.method ?? 'GET';
    const matches = routes.flatMap((r) => {
      const m = r.pattern.exec(info.url.pathname);
      return m ? [{ r, m }] : [];
    });
    if (matches.length === 0) return null;
    const hit = matches.find(({ r }) => r.method === method);
    if (!hit) throw new SandboxHttpError(E.METHOD_NOT_ALLOWED, `use ${matches.map(({ r }) => r.method).join(' or ')}`);
    try {
      hit.r.keys.forEach((k, i) => {
        info.params[k] = decodeURIComponent(hit.m[i + 1]!);
      });
    } catch {
      throw new SandboxHttpError(E.BAD_REQUEST, 'malformed path');
    }
    nameRequest(ctx.request, `${method} ${hit.r.template}`);
    info.body = await readBody(req);
    const tokenId = await authenticate(ctx, info);
    try {
      return await withIdempotency(ctx, info, tokenId, () => hit.r.handler(ctx, info, tokenId));
    } finally {
      const { id, vendor, ref } = info.params;
      const app =
        id !== undefined
          ? ctx.state.findById(id, tokenId)
          : vendor !== undefined && ref !== undefined
            ? ctx.state.findByRef(vendor, ref, tokenId)
            : undefined;
      noteApplication(ctx.request, app);
    }
  };
}

/**
 * Everything after the signed API answers only a `Host` the sandbox serves (core/hosts.ts): a DNS-rebinding page
 * would otherwise read the index, journey pages and their session credentials.
 */
function hostGuard(): Route {
  return (req, _info, ctx) => {
    const hostname = hostnameOf(req.headers.host);
    if (hostname !== undefined && isServedHost(hostname, ctx.allowedHosts)) return null;
    throw new SandboxHttpError(
      E.HOST_NOT_ALLOWED,
      `this sandbox does not serve the host '${String(req.headers.host ?? '')}': use its URL ${ctx.origin()}, ` +
        'or add the name to the allowedHosts option (--allowed-host)',
    );
  };
}

/** The journey pages' JSON API, `/journey-api/…`. */
function journeyApiRoute(): Route {
  return async (req, info, ctx) => {
    const { pathname } = info.url;
    if (!pathname.startsWith(`${JOURNEY_API_BASE}/`)) return null;
    checkJourneyRequest(info, ownOrigins(ctx, req.headers.host));
    info.body = await readBody(req);
    const [, , vendor, ref] = pathname.split('/');
    const match = matchJourneyApi(pathname.split('/').slice(2).map(decodeURIComponent));
    const template = match ? journeyApiTemplate(match.route) : `${JOURNEY_API_BASE}/_OTHER`;
    nameRequest(ctx.request, `${req.method ?? 'GET'} ${template}`);
    let reply: Reply | null;
    try {
      reply = journeyApi(ctx, info);
    } finally {
      if (vendor && ref) noteApplication(ctx.request, ctx.state.findByRef(vendor, ref));
    }
    if (reply) return reply;
    throw new SandboxHttpError(E.NOT_FOUND, `no journey API route ${pathname}`);
  };
}

/**
 * The fake banks' pages: `/bank/{id}/authorise`, `…/decision`, `…/sharing` (the dashboard), `…/bank.css`, and
 * `…/logo.svg` (the logo `getInstitution` names).
 */
function bankRoute(): Route {
  return async (req, info, ctx) => {
    const { pathname } = info.url;
    const method = req.method ?? 'GET';
    const bank = /^\/bank\/([A-Za-z0-9_-]+)\/(authorise|decision|sharing|bank\.css|logo\.svg)$/.exec(pathname);
    if (!bank) return null;
    const [, id, action] = bank as unknown as [string, string, string];
    if (action === 'authorise' && method === 'GET') return authorisePage(ctx, id, info);
    if (action === 'sharing' && method === 'GET') return sharingPage(ctx, id, info);
    if (action === 'sharing' && method === 'POST') {
      info.body = await readBody(req);
      return stopSharing(ctx, id, info);
    }
    if (action === 'decision' && method === 'POST') {
      info.body = await readBody(req);
      return decision(ctx, id, info);
    }
    if (action === 'bank.css' && method === 'GET') {
      const css = bankStylesheet(id);
      if (css) return css;
    }
    if (action === 'logo.svg' && method === 'GET') {
      const logo = institutionLogo(id);
      if (logo) return logo;
    }
    throw new SandboxHttpError(
      method === 'GET' || method === 'POST' ? E.NOT_FOUND : E.METHOD_NOT_ALLOWED,
      `no bank route ${method} ${pathname}`,
    );
  };
}

/** The home page `GET /` and its stylesheet. */
function homeRoute(sender: WebhookSender): Route {
  return (req, info, ctx) => {
    const method = req.method ?? 'GET';
    if (info.url.pathname === '/') {
      if (method === 'GET' || method === 'HEAD') return indexReply(ctx, sender, req.headers.accept);
      return {
        ...errorReply(
          new SandboxHttpError(
            E.METHOD_NOT_ALLOWED,
            'the index answers GET (HTML, or JSON with Accept: application/json) and HEAD',
          ),
          info.requestId,
        ),
        headers: { allow: 'GET, HEAD' },
      };
    }
    if (method === 'GET' && info.url.pathname === INDEX_STYLESHEET_PATH) return indexStylesheet();
    return null;
  };
}

/** GET pages and files: the bank redirect, the journey's assets and HTML shells, `/health`, the OpenAPI document. */
function pagesRoute(): Route {
  let openApi: string | undefined; // made on first request: most sandboxes never serve it
  return (req, info, ctx) => {
    const { pathname } = info.url;
    if (req.method !== undefined && req.method !== 'GET') return null;
    if (pathname.startsWith('/bank-redirect/')) return bankRedirect(ctx, pathname);
    if (pathname.startsWith('/assets/')) {
      const asset = serveAsset(pathname.slice('/assets/'.length));
      if (asset) return asset;
    }
    if (pathname.startsWith('/i/')) {
      const page = journeyPage(info.url, {
        status: (vendor, ref) => journeyStatus(ctx, vendor, ref),
        parentOriginAllowed: ctx.parentOriginAllowed,
        issueSession: (s) => ctx.sessions.issue(s),
        consentTraceparent: (vendor, ref, id) => {
          const consent = ctx.state.consents.get(id);
          const app = ctx.state.findByRef(vendor, ref);
          return app && consent?.application_id === app.id ? consentTraceparent(consent) : undefined;
        },
        journeyProtocol: ctx.journeyProtocol,
      });
      if (page) return page;
    }
    if (pathname === '/health') return { status: 200, json: { ok: true } };
    if (pathname === OPENAPI_PATH) {
      openApi ??= JSON.stringify(openApiDocument({ serverUrl: ctx.origin() }));
      return { status: 200, body: openApi, headers: { 'content-type': 'application/json; charset=utf-8' } };
    }
    return null;
  };
}

/** The request's URL, or a 400 reply when it cannot be parsed or its path cannot be percent-decoded. */
function parseRequestUrl(rawPath: string, requestId: string): URL | Reply {
  let url: URL;
  try {
    url = new URL(rawPath, 'http://sandbox.invalid');
  } catch {
    return errorReply(new SandboxHttpError(E.BAD_REQUEST, 'malformed URL'), requestId);
  }
  // Every route decodes path segments somewhere; a path that cannot be decoded is the client's error, for all of
  // them.
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return errorReply(new SandboxHttpError(E.BAD_REQUEST, 'malformed path: bad percent-encoding'), requestId);
  }
  return url;
}

export function createListener(
  ctx: SandboxContext,
  sender: WebhookSender,
  log?: (line: string) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const routes: Route[] = [
    signedApi(sender),
    hostGuard(),
    journeyApiRoute(),
    bankRoute(),
    homeRoute(sender),
    pagesRoute(),
  ];
  async function route(req: IncomingMessage, info: RequestInfo, rctx: RequestContext): Promise<Reply> {
    for (const r of routes) {
      const reply = await r(req, info, rctx);
      if (reply) return reply;
    }
    throw new SandboxHttpError(E.NOT_FOUND, `no route ${req.method ?? 'GET'} ${info.url.pathname}`);
  }

  return (req, res) => {
    const requestId = `req_${randomUUID()}`;
    const rawPath = req.url ?? '/';
    const url = parseRequestUrl(rawPath, requestId);
    if (!(url instanceof URL)) {
      writeReply(res, url, requestId);
      req.resume();
      return;
    }
    const info: RequestInfo = { req, url, rawPath, params: {}, body: Buffer.alloc(0), requestId };
    const t0 = Date.now();
    traced(info, ctx.forRequest(requestTrace(req.headers)), t0, res);
  };
  /** One request, its span ended (when it concerned an application) once its answer is known. */
  function traced(info: RequestInfo, rctx: RequestContext, t0: number, res: ServerResponse): void {
    const { req, url, requestId } = info;
    const bank = /^\/bank\/[\w-]+\/(\w+)/.exec(url.pathname);
    if (bank) nameRequest(rctx.request, `${req.method ?? 'GET'} /bank/{id}/${bank[1]}`);
    route(req, info, rctx).then(
      (reply) => {
        endRequest(ctx.tracing, rctx.request, t0, reply.status);
        writeReply(res, reply, requestId);
      },
      (error: unknown) => {
        endRequest(ctx.tracing, rctx.request, t0, error instanceof SandboxHttpError ? error.status : 500);
        if (!(error instanceof SandboxHttpError)) console.error('[sandbox]', error);
        else if (error.status === 401 && log)
          log(`401 ${error.code} ${req.method ?? 'GET'} ${url.pathname}: ${error.message}`);
        writeReply(res, errorReply(error, requestId), requestId);
        // A refused upload is not read to the end; close rather than drain it.
        if (error instanceof SandboxHttpError && error.code === E.PAYLOAD_TOO_LARGE) req.destroy();
      },
    );
  }
}
