/**
 * A customer's consents on the signed API [ours]: list them, revoke one as the integrator; and the sandbox-only calls
 * the testing kit and the CLI make (move the clock, end a sharing period now). Renewal is `POST …/consents` with
 * `renews` (api/open-banking.ts). Every status change is core/consents.ts's.
 */
import { advanceClockBody, parseDuration, revokeConsentBody, type AdvanceClockResponse } from '../../protocol/index.js';
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError, fieldError } from '../core/errors.js';
import { expireNow, revoke } from '../core/consents.js';
import { consentUrl } from '../core/lifecycle.js';
import { json, parseJson, validate, type Reply, type RequestInfo } from '../core/http.js';
import type { Application, Consent } from '../core/state.js';

/** A consent as the signed API shows it. */
export function consentView(ctx: SandboxContext, consent: Consent): Record<string, unknown> {
  const renewal = consent.renewal === undefined ? undefined : ctx.state.consents.get(consent.renewal);
  return {
    consent_id: consent.id,
    application_id: consent.application_id,
    institution_id: consent.institution_id,
    status: consent.status,
    sharing_days: consent.sharing_days,
    sharing_expires_at: consent.sharing_expires_at,
    ...(consent.revoked_by ? { revoked_by: consent.revoked_by } : {}),
    account_ids: [...consent.account_ids],
    created_at: consent.created_at,
    ...(renewal ? { renewal: { consent_id: renewal.id, consent_url: consentUrl(ctx, renewal) } } : {}),
  };
}

/** The application's consents, oldest first; renewal requests show only on the consent they renew. */
export function consentsOf(ctx: SandboxContext, app: Application): Consent[] {
  return [...ctx.state.consents.values()].filter((c) => c.application_id === app.id && c.renews === undefined);
}

function ownApplication(ctx: SandboxContext, info: RequestInfo, tokenId: string): Application {
  const { vendor, ref } = info.params as { vendor: string; ref: string };
  const app = ctx.state.findByRef(vendor, ref, tokenId);
  if (!app) throw new SandboxHttpError(E.APPLICATION_NOT_FOUND, `no application for ${vendor}/${ref}`);
  return app;
}

/** `GET /api/v1/{vendor}/{ref}/consents` → `{ consents }`. */
export function listConsents(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const app = ownApplication(ctx, info, tokenId);
  return json({ consents: consentsOf(ctx, app).map((c) => consentView(ctx, c)) });
}

/**
 * `POST /api/v1/{vendor}/{ref}/consents/{consent_id}/revoke` `{ revoked_by? }` → the consent. Repeating it is
 * harmless.
 */
export function revokeConsent(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const body = validate(revokeConsentBody, parseJson(info.body));
  const app = ownApplication(ctx, info, tokenId);
  const consent = ctx.state.consents.get(info.params.consent_id!);
  if (!consent || consent.application_id !== app.id || consent.renews !== undefined)
    throw new SandboxHttpError(E.CONSENT_NOT_FOUND, `no consent '${info.params.consent_id}' for this customer`);
  revoke(ctx, consent, body.revoked_by ?? 'integrator');
  return json(consentView(ctx, consent));
}

/** A consent of one of the token's applications, for the sandbox-only calls. */
function ownConsent(ctx: SandboxContext, id: string, tokenId: string): Consent {
  const consent = ctx.state.consents.get(id);
  const app = consent && ctx.state.applications.get(consent.application_id);
  if (!consent || app?.owner !== tokenId || consent.renews !== undefined)
    throw new SandboxHttpError(E.CONSENT_NOT_FOUND, `no consent '${id}' of this token`);
  return consent;
}

/**
 * `POST /sandbox/v1/clock` `{ advance: '30d' }` → `{ now, advanced_ms }` once every timer that fell due has fired
 * (the webhooks they sent are queued, in order per application). The clock is the calling token's own: it moves that
 * token's applications, consents and webhook retries, never another token's.
 */
export function advanceClock(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const ms = parseDuration(validate(advanceClockBody, parseJson(info.body)).advance);
  if (ms === undefined)
    throw fieldError('advance', "must be a duration: milliseconds, or a number and a unit ms, s, m, h, d, w ('30d')");
  if (ms > 3650 * 86_400_000) throw fieldError('advance', 'at most ten years at a time');
  const now = ctx.clock(tokenId).advance(ms);
  const answer: AdvanceClockResponse = { now: now.toISOString(), advanced_ms: ms };
  return json(answer);
}

/** `POST /sandbox/v1/consents/{consent_id}/expire` → the consent, expired now (`consent.expired`). */
export function expireConsent(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const consent = ownConsent(ctx, info.params.consent_id!, tokenId);
  expireNow(ctx, consent);
  return json(consentView(ctx, consent));
}
