/**
 * The journey-facing JSON API (`/journey-api/…`), called by the journey pages in the browser. No HMAC: it is
 * same-origin with the pages. CSRF defence: every POST must be `Content-Type: application/json` (a cross-site form
 * cannot send that without a CORS preflight, which is never granted) and carry an `Origin` equal to our own.
 */
import * as z from 'zod/mini';
import { checkChannel, normaliseOrigin, PATHWAYS, ID_PATTERN, RETURN_TO_QUERY } from '../protocol/index.js';
import type { SandboxContext } from './context.js';
import { SandboxErrorCode as E, SandboxHttpError, fieldError } from './errors.js';
import { INSTITUTIONS } from './data/institutions.js';
import { applicationView, attachInstitution, consentUrl, createConsent, crawlerLogin, crawlerOtp, requireApplication, startApplication } from './flow.js';
import { json, parseJson, validate, type Reply, type RequestInfo } from './http.js';
import { bankReturnUrl } from './api/open-banking.js';

const startBody = z.object({
  full_name: z.string().check(z.minLength(1), z.maxLength(200)),
  email: z.email(),
  phone: z.optional(z.string().check(z.regex(/^\+?[0-9 ]{6,20}$/, 'must be a phone number'))),
});
const institutionBody = z.object({ institution_id: z.string().check(z.regex(ID_PATTERN)), pathway: z.enum(PATHWAYS) });
const consentBody = z.object({
  return_url: z.optional(z.string().check(z.maxLength(2048))),
  /** The framed journey's `parent_origin`: a `return_to` in `return_url` must be on it. */
  parent_origin: z.optional(z.string().check(z.maxLength(256))),
});

/**
 * A framed journey's return URL carries `return_to` (the integrator's page, for the redirect round trip) and `channel`.
 * `return_to` must be on `parent_origin` — the origin the widget framed the journey for — so the bank cannot be made
 * to bounce the customer to a third site. A real service would also check parent_origin against the vendor's
 * registered origins; the sandbox accepts any, as any integrator may frame it.
 */
function checkReturnTo(returnUrl: URL, parentOrigin: string | undefined): void {
  const to = returnUrl.searchParams.get(RETURN_TO_QUERY);
  if (to === null) return;
  let origin: string;
  try {
    origin = normaliseOrigin(parentOrigin, 'parent_origin');
    checkChannel(returnUrl.searchParams.get('channel'));
  } catch {
    throw fieldError('parent_origin', 'a return_to needs the journey\'s parent_origin and channel');
  }
  let target: URL | undefined;
  try {
    target = new URL(to);
  } catch {
    /* below */
  }
  if (!target || target.origin !== origin) throw fieldError('return_url', `return_to must be on the parent origin ${origin}`);
}
const loginBody = z.object({
  institution_id: z.string().check(z.regex(ID_PATTERN)),
  username: z.string().check(z.maxLength(200)),
  password: z.string().check(z.maxLength(200)),
});
const otpBody = z.object({ code: z.string().check(z.maxLength(20)) });

/** Same-origin checks; `origin` is what the browser should send for pages this server served. */
export function checkJourneyRequest(info: RequestInfo, ownOrigins: readonly string[]): void {
  const origin = info.req.headers.origin;
  if (origin !== undefined && !ownOrigins.includes(origin)) {
    throw new SandboxHttpError(E.FORBIDDEN_ORIGIN, 'the journey API only answers pages of its own origin');
  }
  if (info.req.method === 'POST') {
    if (origin === undefined) throw new SandboxHttpError(E.FORBIDDEN_ORIGIN, 'an Origin header is required');
    const type = (info.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') throw new SandboxHttpError(E.UNSUPPORTED_MEDIA_TYPE, 'send Content-Type: application/json');
  }
}

/** Route table of the journey API; `null` when the path is not one of its routes. */
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

export function journeyApi(ctx: SandboxContext, info: RequestInfo): Reply | null {
  const parts = info.url.pathname.split('/').slice(2).map(decodeURIComponent); // after '/journey-api'
  const method = info.req.method;
  if (parts.length === 1 && parts[0] === 'institutions') {
    if (method !== 'GET') throw new SandboxHttpError(E.METHOD_NOT_ALLOWED, 'use GET');
    return json({ institutions: INSTITUTIONS.map(({ id, name, pathways, colour }) => ({ id, name, pathways, colour })) });
  }
  const [vendor, ref, ...rest] = parts;
  if (!vendor || !ref || !ID_PATTERN.test(vendor) || !ID_PATTERN.test(ref)) return null;
  const action = rest.join('/');
  const expect = (m: string) => {
    if (method !== m) throw new SandboxHttpError(E.METHOD_NOT_ALLOWED, `use ${m}`);
  };
  switch (action) {
    case 'start': {
      expect('POST');
      const body = validate(startBody, parseJson(info.body));
      const existed = ctx.state.findByRef(vendor, ref) !== undefined;
      return json(applicationView(ctx, startApplication(ctx, vendor, ref, body)), existed ? 200 : 201);
    }
    case 'institution': {
      expect('POST');
      const body = validate(institutionBody, parseJson(info.body));
      return json(applicationView(ctx, attachInstitution(ctx, requireApplication(ctx, vendor, ref), body.institution_id, body.pathway, 'institution_id')));
    }
    case 'consent': {
      expect('POST');
      const body = validate(consentBody, parseJson(info.body));
      const returnUrl = body.return_url ?? bankReturnUrl(ctx, vendor, ref);
      // The browser picks the return URL, so it must stay on this origin: no open redirect through the bank.
      let parsed: URL;
      try {
        parsed = new URL(returnUrl, ctx.origin());
      } catch {
        throw fieldError('return_url', 'must be a URL');
      }
      if (parsed.origin !== new URL(bankReturnUrl(ctx, vendor, ref)).origin) throw fieldError('return_url', 'must be on the journey origin');
      checkReturnTo(parsed, body.parent_origin);
      const consent = createConsent(ctx, requireApplication(ctx, vendor, ref), { returnUrl: parsed.toString() });
      return json({ consent_id: consent.id, consent_url: consentUrl(ctx, consent) }, 201);
    }
    case 'crawler/login': {
      expect('POST');
      const body = validate(loginBody, parseJson(info.body));
      return json(crawlerLogin(ctx, requireApplication(ctx, vendor, ref), body.institution_id, body.username, body.password));
    }
    case 'crawler/otp': {
      expect('POST');
      const body = validate(otpBody, parseJson(info.body));
      return json(crawlerOtp(ctx, requireApplication(ctx, vendor, ref), body.code));
    }
    case 'status': {
      expect('GET');
      const status = journeyStatus(ctx, vendor, ref);
      if (!status) throw new SandboxHttpError(E.APPLICATION_NOT_FOUND, `no application for ${vendor}/${ref}`);
      return json(status);
    }
    default: {
      // `GET consents/{id}`: the bank-return page reads where to send the customer from here, never from its own URL.
      const id = action.startsWith('consents/') ? action.slice('consents/'.length) : undefined;
      if (!id || !ID_PATTERN.test(id)) return null;
      expect('GET');
      const consent = ctx.state.consents.get(id);
      if (!consent || consent.application_id !== ctx.state.findByRef(vendor, ref)?.id) {
        throw new SandboxHttpError(E.CONSENT_NOT_FOUND, 'no such consent for this application');
      }
      const back = new URL(consent.return_url).searchParams;
      const returnTo = back.get(RETURN_TO_QUERY);
      return json({ status: consent.status, ...(returnTo ? { return_to: returnTo, channel: back.get('channel') } : {}) });
    }
  }
}
