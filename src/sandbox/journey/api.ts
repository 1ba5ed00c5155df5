/**
 * The journey-facing JSON API (`/journey-api/…`), called by the journey pages in the browser. No HMAC: it is
 * same-origin with the pages. Every call carries the page's session credential (`X-Journey-Session`, see
 * session.ts) bound to the vendor and ref it acts on; 401 `INVALID_SESSION` otherwise. Answers hold no more
 * than the page shows (no stored name, email or phone). CSRF defence: every POST must be
 * `Content-Type: application/json` (a cross-site form cannot send that without a CORS preflight, which is never
 * granted) and carry an `Origin` equal to our own.
 */
import * as z from 'zod/mini';
import { decisionOf } from '../core/consents.js';
import {
  checkChannel,
  ID_PATTERN,
  PATHWAYS,
  RESUME_QUERY,
  RETURN_TO_QUERY,
  SHARING_DAYS,
} from '../../protocol/index.js';
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError, fieldError } from '../core/errors.js';
import { INSTITUTIONS } from '../data/institutions.js';
import {
  journeyApplicationView,
  applyCollect,
  attachInstitution,
  consentUrl,
  createConsent,
  crawlerLogin,
  crawlerOtp,
  requireApplication,
  startApplication,
} from '../core/lifecycle.js';
import { json, parseJson, validate, type Reply, type RequestInfo } from '../core/http.js';
import { bankReturnUrl } from '../api/open-banking.js';
import {
  JOURNEY_SESSION_HEADER,
  JOURNEY_SESSION_ID_HEADER,
  matchJourneyApi,
  type JourneyApiRoute,
} from '../../protocol/journey-api.js';
import { JOURNEY_SESSION_ID } from '../../protocol/journey-sessions.js';
import { matchLocale } from '../../protocol/locale.js';
import type { JourneySession } from './session.js';
import { cancelRenewal, renewalDetails, startRenewal } from './renewal.js';

const startBody = z.object({
  full_name: z.string().check(z.minLength(1), z.maxLength(200)),
  email: z.email(),
  phone: z.optional(z.string().check(z.regex(/^\+?[0-9 ]{6,20}$/, 'must be a phone number'))),
});
const institutionBody = z.object({ institution_id: z.string().check(z.regex(ID_PATTERN)), pathway: z.enum(PATHWAYS) });
const consentBody = z.object({
  return_url: z.optional(z.string().check(z.maxLength(2048))),
  /** Optional: if given it must be the parent origin the page's session was served for (the one that counts). */
  parent_origin: z.optional(z.string().check(z.maxLength(256))),
  /** The locale the journey negotiated; kept with the consent when it is a shipped one, else ignored. */
  locale: z.optional(z.string().check(z.maxLength(64))),
});

/**
 * A framed journey's return URL carries `return_to` (the integrator's page, for the redirect round trip) and `channel`.
 * `return_to` must be on the parent origin the page's session was served for — which was checked against the
 * vendor's registered parent origins when the page loaded, and is checked again here — so the bank cannot be made to
 * bounce the customer to a third site. An unframed page (no parent origin) cannot name a `return_to`.
 */
function checkReturnTo(ctx: SandboxContext, session: JourneySession, returnUrl: URL): void {
  const to = returnUrl.searchParams.get(RETURN_TO_QUERY);
  if (to === null) return;
  const origin = session.parentOrigin;
  if (origin === null || !ctx.parentOriginAllowed(session.vendor, origin)) {
    throw fieldError('return_url', 'a return_to needs a journey framed for a registered parent origin');
  }
  try {
    checkChannel(returnUrl.searchParams.get('channel'));
  } catch {
    throw fieldError('return_url', "a return_to needs the journey's channel");
  }
  let target: URL | undefined;
  try {
    target = new URL(to);
  } catch {
    /* below */
  }
  if (!target || target.origin !== origin)
    throw fieldError('return_url', `return_to must be on the parent origin ${origin}`);
}

/** The bank's return URL a journey asks for (default our bank-return page), checked: no open redirect. */
function checkedReturnUrl(ctx: SandboxContext, session: JourneySession, body: z.infer<typeof consentBody>): string {
  const own = bankReturnUrl(ctx, session.vendor, session.ref);
  // The browser picks the return URL, so it must stay on this origin: no open redirect through the bank.
  let parsed: URL;
  try {
    parsed = new URL(body.return_url ?? own, ctx.origin());
  } catch {
    throw fieldError('return_url', 'must be a URL');
  }
  if (parsed.origin !== new URL(own).origin) throw fieldError('return_url', 'must be on the journey origin');
  if (body.parent_origin !== undefined && body.parent_origin !== session.parentOrigin) {
    throw fieldError('parent_origin', 'must be the parent origin this journey page was served for');
  }
  checkReturnTo(ctx, session, parsed);
  return parsed.toString();
}

/**
 * An app's journey (its session says so): the app's return link its consent's bank answers at, with the journey's
 * channel (`return_to` and `channel` of the checked return URL: on the app's registered origin). Undefined for a
 * web journey, or an app's that named no `return_to` (then the bank-return page answers, as on the web).
 */
function appReturnOf(session: JourneySession, returnUrl: string): string | undefined {
  const q = new URL(returnUrl).searchParams;
  const to = q.get(RETURN_TO_QUERY);
  if (!session.app || to === null) return undefined;
  const link = new URL(to);
  link.searchParams.set(RESUME_QUERY.channel, q.get('channel')!);
  return link.toString();
}

const renewBody = z.extend(consentBody, {
  sharing_days: z.optional(z.int().check(z.minimum(SHARING_DAYS.min), z.maximum(SHARING_DAYS.max))),
});

const loginBody = z.object({
  institution_id: z.string().check(z.regex(ID_PATTERN)),
  username: z.string().check(z.maxLength(200)),
  password: z.string().check(z.maxLength(200)),
});
const otpBody = z.object({ code: z.string().check(z.maxLength(20)) });
/** A step name as the widget's `step` events carry it, and an error's code: never free text the customer typed. */
const word = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, _, . or -'));
const stepBody = z.object({ step: word, error: z.optional(word) });

/** Same-origin checks; `origin` is what the browser should send for pages this server served. */
export function checkJourneyRequest(info: RequestInfo, ownOrigins: readonly string[]): void {
  const origin = info.req.headers.origin;
  if (origin !== undefined && !ownOrigins.includes(origin)) {
    throw new SandboxHttpError(E.FORBIDDEN_ORIGIN, 'the journey API only answers pages of its own origin');
  }
  if (info.req.method === 'POST') {
    if (origin === undefined) throw new SandboxHttpError(E.FORBIDDEN_ORIGIN, 'an Origin header is required');
    const type = (info.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json')
      throw new SandboxHttpError(E.UNSUPPORTED_MEDIA_TYPE, 'send Content-Type: application/json');
  }
}

/** `GET …/status` body, or null when there is no application yet. Also written into the journey shell's config. */
export function journeyStatus(ctx: SandboxContext, vendor: string, ref: string): Record<string, unknown> | null {
  const app = ctx.state.findByRef(vendor, ref);
  if (!app) return null;
  return {
    application_id: app.id,
    status: app.status,
    ...(app.data ? { accounts: app.data.accounts.length, transactions: app.data.transactions.length } : {}),
  };
}

/** Path segments after `/journey-api/`, decoded; 400 on bad percent-encoding. */
function segments(url: URL): string[] {
  try {
    return url.pathname.split('/').slice(2).map(decodeURIComponent);
  } catch {
    throw new SandboxHttpError(E.BAD_REQUEST, 'malformed path: bad percent-encoding');
  }
}

type SessionHandler = (
  ctx: SandboxContext,
  info: RequestInfo,
  a: { vendor: string; ref: string; id: string; session: JourneySession },
) => Reply;

/** One handler per call of `JOURNEY_API` (src/protocol/journey-api.ts): a call without one does not compile. */
const HANDLERS: { [R in JourneyApiRoute]: SessionHandler } = {
  institutions: () =>
    json({ institutions: INSTITUTIONS.map(({ id, name, pathways, colour }) => ({ id, name, pathways, colour })) }),
  start(ctx, info, { vendor, ref, session }) {
    const body = validate(startBody, parseJson(info.body));
    const existed = ctx.state.findByRef(vendor, ref) !== undefined;
    const app = startApplication(ctx, { vendor, ref }, { ...body, collect: session.collect });
    return json(journeyApplicationView(app), existed ? 200 : 201);
  },
  institution(ctx, info, { vendor, ref, session }) {
    const body = validate(institutionBody, parseJson(info.body));
    const app = requireApplication(ctx, vendor, ref);
    // An application the integrator's server started gets the journey's `collect` when the customer picks a bank.
    applyCollect(app, session.collect);
    const choice = { institutionId: body.institution_id, pathway: body.pathway, field: 'institution_id' };
    return json(journeyApplicationView(attachInstitution(ctx, app, choice)));
  },
  consent(ctx, info, { vendor, ref, session }) {
    const body = validate(consentBody, parseJson(info.body));
    const returnUrl = checkedReturnUrl(ctx, session, body);
    const consent = createConsent(ctx, requireApplication(ctx, vendor, ref), {
      returnUrl,
      locale: matchLocale(body.locale),
      appReturn: appReturnOf(session, returnUrl),
    });
    return json({ consent_id: consent.id, consent_url: consentUrl(ctx, consent) }, 201);
  },
  crawlerLogin(ctx, info, { vendor, ref }) {
    const body = validate(loginBody, parseJson(info.body));
    const login = { institutionId: body.institution_id, username: body.username, password: body.password };
    return json(crawlerLogin(ctx, requireApplication(ctx, vendor, ref), login));
  },
  crawlerOtp(ctx, info, { vendor, ref }) {
    const body = validate(otpBody, parseJson(info.body));
    return json(crawlerOtp(ctx, requireApplication(ctx, vendor, ref), body.code));
  },
  status(ctx, _info, { vendor, ref }) {
    const status = journeyStatus(ctx, vendor, ref);
    if (!status) throw new SandboxHttpError(E.APPLICATION_NOT_FOUND, `no application for ${vendor}/${ref}`);
    return json(status);
  },
  renewal: (ctx, _info, { vendor, ref, id }) => renewalDetails(ctx, vendor, ref, id),
  renew(ctx, info, { vendor, ref, id, session }) {
    const body = validate(renewBody, parseJson(info.body));
    const returnUrl = checkedReturnUrl(ctx, session, body);
    const locale = matchLocale(body.locale);
    const appReturn = appReturnOf(session, returnUrl);
    return startRenewal(ctx, { vendor, ref, id }, { returnUrl, sharingDays: body.sharing_days, locale, appReturn });
  },
  cancelRenewal: (ctx, _info, { vendor, ref, id }) => cancelRenewal(ctx, vendor, ref, id),
  // Recorded by `recordSession` below, as every call is; the body was checked there.
  step: () => json({ recorded: true }, 202),
  // The bank-return page reads where to send the customer from here, never from its own URL.
  consentReturn(ctx, _info, { vendor, ref, id }) {
    const consent = ctx.state.consents.get(id);
    if (!consent || consent.application_id !== ctx.state.findByRef(vendor, ref)?.id) {
      throw new SandboxHttpError(E.CONSENT_NOT_FOUND, 'no such consent for this application');
    }
    const back = new URL(consent.return_url).searchParams;
    const returnTo = back.get(RETURN_TO_QUERY);
    return json({
      status: decisionOf(consent),
      ...(returnTo ? { return_to: returnTo, channel: back.get('channel') } : {}),
    });
  },
};

/**
 * Answers a journey-API request from the table; `null` when the path is not one of its calls. The session credential
 * is checked first (401 before any validation): bound to this vendor and ref; a bank-return page's only reads its
 * consent.
 */
export function journeyApi(ctx: SandboxContext, info: RequestInfo): Reply | null {
  const parts = segments(info.url);
  const session = ctx.sessions.verify(info.req.headers[JOURNEY_SESSION_HEADER]);
  const match = matchJourneyApi(parts);
  if (!match) return null;
  const { route, call, vendor = '', ref = '', id = '' } = match;
  if (!call.global && (!ID_PATTERN.test(vendor) || !ID_PATTERN.test(ref))) return null;
  if (id && !ID_PATTERN.test(id)) return null;
  if (!call.global) {
    if (session.vendor !== vendor || session.ref !== ref) {
      throw new SandboxHttpError(
        E.INVALID_SESSION,
        `this session credential belongs to another journey, not ${vendor}/${ref}`,
      );
    }
    if (session.kind !== 'journey' && !('bankReturn' in call && info.req.method === 'GET')) {
      throw new SandboxHttpError(E.INVALID_SESSION, "the bank-return page's session credential only reads its consent");
    }
  }
  if (info.req.method !== call.method) throw new SandboxHttpError(E.METHOD_NOT_ALLOWED, `use ${call.method}`);
  if (call.global || session.kind !== 'journey') return HANDLERS[route](ctx, info, { vendor, ref, id, session });
  const step = route === 'step' ? validate(stepBody, parseJson(info.body)) : undefined;
  try {
    return HANDLERS[route](ctx, info, { vendor, ref, id, session });
  } finally {
    recordSession(ctx, info, { vendor, ref, session, step });
  }
}

/**
 * What a journey page's call tells the journey-session record (journey/recorder.ts): a POST is a customer action, a
 * GET none; named by the widget's session id when the page sends one, else by the page load's own.
 */
function recordSession(
  ctx: SandboxContext,
  info: RequestInfo,
  a: { vendor: string; ref: string; session: JourneySession; step: z.infer<typeof stepBody> | undefined },
): void {
  const given = info.req.headers[JOURNEY_SESSION_ID_HEADER];
  const trace = ctx.request?.trace;
  ctx.recorder.note({
    sessionId: typeof given === 'string' && JOURNEY_SESSION_ID.test(given) ? given : a.session.pageId,
    vendor: a.vendor,
    ref: a.ref,
    action: info.req.method === 'POST',
    trace: trace?.ok ? trace.context : undefined,
    app: ctx.state.findByRef(a.vendor, a.ref),
    step: a.step?.step,
    error: a.step?.error,
  });
}
