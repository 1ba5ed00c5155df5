/**
 * A CDR consent's year, the one place its status changes: created (pending) → authorised (active) or denied; warned
 * once per lead (expiring); expired at `sharing_expires_at`; revoked by the customer, the integrator or the bank;
 * renewed by a renewal request that, once authorised, moves the same consent's date and keeps its accounts.
 * 1. Every time is the clock of the application's token (`ctx.clock(app.owner)`), so that token advancing it fires
 *    warnings and expiries in order; another token's advance moves none of them.
 * 2. What was warned lives in the consent (`warned`), never only in a timer: re-arming from the same state (a restart,
 *    a renewal, a repeated call) never warns of a lead twice.
 * 3. A lead that had already passed when the period started is recorded as warned, not sent late.
 * 4. A renewal that is denied, or whose link expires, leaves the renewed consent exactly as it was.
 */
import { DAY_MS, SHARING_DAYS, consentIsLive, type KnownRevokedBy } from '../../protocol/index.js';
import type { Locale } from '../../protocol/locale.js';
import { maskAccount } from '../data/generate.js';
import { findInstitution } from '../data/institutions.js';
import type { SandboxContext } from './context.js';
import { SandboxErrorCode as E, SandboxHttpError } from './errors.js';
import { newId, type Application, type Consent } from './state.js';
import { noteConsent } from './trace.js';

const CONSENT_LINK_TTL_MS = 30 * 60_000;
/** Cancels the timer of each consent's next warning or expiry. */
const timers = new WeakMap<Consent, () => void>();

export interface NewConsent {
  institutionId: string;
  returnUrl: string;
  state?: string | undefined;
  sharingDays?: number | undefined;
  /** The consent this request renews. */
  renews?: Consent | undefined;
  /** The language the customer's journey negotiated, when a journey asked for the consent. */
  locale?: Locale | undefined;
  /** An app's journey: its return link (`Consent.app_return`). */
  appReturn?: string | undefined;
}

/** A pending consent (or renewal request) and the timer of its link. */
export function openConsent(ctx: SandboxContext, app: Application, req: NewConsent): Consent {
  const clock = ctx.clock(app.owner);
  const now = clock.now();
  const renews = req.renews;
  if (renews) cancelRenewal(ctx, renews, 'replaced');
  const consent: Consent = {
    id: newId('cns'),
    application_id: app.id,
    institution_id: req.institutionId,
    return_url: req.returnUrl,
    status: 'pending',
    form_token: newId('ft'),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CONSENT_LINK_TTL_MS).toISOString(),
    sharing_days: req.sharingDays ?? renews?.sharing_days ?? SHARING_DAYS.default,
    sharing_expires_at: null,
    account_ids: renews ? [...renews.account_ids] : [],
    warned: [],
    ...(req.state !== undefined ? { state: req.state } : {}),
    ...(renews ? { renews: renews.id } : {}),
    ...(req.locale !== undefined ? { locale: req.locale } : {}),
    ...(req.appReturn !== undefined ? { app_return: req.appReturn } : {}),
  };
  ctx.state.consents.set(consent.id, consent);
  noteConsent(consent, app, ctx.request);
  if (renews) renews.renewal = consent.id;
  clock.later(CONSENT_LINK_TTL_MS, () => linkExpired(ctx, app, consent));
  return consent;
}

/**
 * The bank's decision on a pending consent or renewal. Answers the consent whose data the application now uses when
 * a first consent was authorised (the caller then retrieves the data), else undefined.
 */
export function decide(ctx: SandboxContext, consent: Consent, approve: boolean): Consent | undefined {
  requirePending(consent);
  const app = ctx.state.applications.get(consent.application_id)!;
  const renewed = consent.renews === undefined ? undefined : ctx.state.consents.get(consent.renews);
  if (!approve) {
    consent.status = 'denied';
    if (renewed?.renewal === consent.id) delete renewed.renewal;
    ctx.emit(app, 'consent.denied', {
      consent_id: consent.id,
      institution_id: consent.institution_id,
      institution_name: institutionName(consent),
      ...(consent.renews !== undefined ? { renews: consent.renews } : {}),
      ...localeOf(consent),
    });
    return undefined;
  }
  if (renewed) {
    consent.status = 'active';
    renew(ctx, app, renewed, consent);
    return undefined;
  }
  consent.status = 'active';
  startPeriod(ctx, consent);
  app.consent_id = consent.id;
  ctx.emit(app, 'consent.authorised', {
    consent_id: consent.id,
    institution_id: consent.institution_id,
    pathway: 'cdr',
    institution_name: institutionName(consent),
    ...localeOf(consent),
  });
  arm(ctx, app, consent);
  return consent;
}

const CANCELLED_BECAUSE = {
  revoked: 'was revoked',
  expired: 'expired',
  replaced: 'has a newer renewal request',
} as const;

/**
 * Refuses a consent the bank can no longer be asked about: a renewal request that was cancelled (`RENEWAL_CANCELLED`,
 * saying why), or one already answered (`CONSENT_ALREADY_DECIDED`).
 */
export function requirePending(consent: Consent): void {
  if (consent.status === 'pending') return;
  if (consent.cancelled !== undefined)
    throw new SandboxHttpError(
      E.RENEWAL_CANCELLED,
      `this renewal was cancelled before the bank answered: the consent it renews (${consent.renews}) ` +
        CANCELLED_BECAUSE[consent.cancelled],
      undefined,
      { reason: consent.cancelled },
    );
  throw new SandboxHttpError(E.CONSENT_ALREADY_DECIDED, `this consent was already ${decisionOf(consent)}`);
}

/** What the bank answered, as the bank return reads it: pending, authorised or denied. */
export function decisionOf(consent: Consent): 'pending' | 'authorised' | 'denied' {
  return consent.status === 'pending' ? 'pending' : consent.status === 'denied' ? 'denied' : 'authorised';
}

/** The accounts a consent shares, once the data is retrieved. */
export function shareAccounts(consent: Consent, accountIds: readonly string[]): void {
  if (consent.account_ids.length === 0) consent.account_ids = [...accountIds];
}

/** Stops the sharing: `consent.revoked`; refused for a consent that is not live (404 for none, 409 otherwise). */
export function revoke(ctx: SandboxContext, consent: Consent, by: KnownRevokedBy): void {
  if (consent.status === 'revoked') return;
  if (!consentIsLive(consent.status))
    throw new SandboxHttpError(E.CONSENT_NOT_ACTIVE, `the consent is ${consent.status}; only a live one is revoked`);
  const app = ctx.state.applications.get(consent.application_id)!;
  consent.status = 'revoked';
  consent.revoked_by = by;
  timers.get(consent)?.();
  cancelRenewal(ctx, consent, 'revoked');
  ctx.emit(app, 'consent.revoked', {
    consent_id: consent.id,
    institution_id: consent.institution_id,
    revoked_by: by,
    ...described(app, consent),
  });
}

/** Ends the sharing period now (the sandbox's shortcut; the clock does it at `sharing_expires_at`). */
export function expireNow(ctx: SandboxContext, consent: Consent): void {
  if (!consentIsLive(consent.status))
    throw new SandboxHttpError(E.CONSENT_NOT_ACTIVE, `the consent is ${consent.status}; only a live one expires`);
  expire(ctx, ctx.state.applications.get(consent.application_id)!, consent);
}

/** Arms every live consent's next warning or expiry from stored state: after a restart on the same state. */
export function resumeConsents(ctx: SandboxContext): void {
  for (const consent of ctx.state.consents.values()) {
    const app = ctx.state.applications.get(consent.application_id);
    if (app && consentIsLive(consent.status)) arm(ctx, app, consent);
  }
}

function leadsOf(ctx: SandboxContext, app: Application): number[] {
  return [...ctx.warningLeadsDays(app.owner)].sort((a, b) => b - a);
}

/** A new sharing period from now: the leads already inside it count as warned, and the status follows. */
function startPeriod(ctx: SandboxContext, consent: Consent): void {
  const app = ctx.state.applications.get(consent.application_id)!;
  const now = ctx.clock(app.owner).now().getTime();
  const end = now + consent.sharing_days * DAY_MS;
  consent.sharing_expires_at = new Date(end).toISOString();
  consent.warned = leadsOf(ctx, app).filter((lead) => end - lead * DAY_MS <= now);
  consent.status = consent.warned.length > 0 ? 'expiring' : 'active';
}

function renew(ctx: SandboxContext, app: Application, consent: Consent, request: Consent): void {
  if (consent.renewal === request.id) delete consent.renewal;
  if (consent.status === 'revoked')
    throw new SandboxHttpError(E.CONSENT_NOT_ACTIVE, 'the consent was revoked while its renewal waited');
  consent.sharing_days = request.sharing_days;
  if (request.locale !== undefined) consent.locale = request.locale;
  startPeriod(ctx, consent);
  ctx.emit(app, 'consent.renewed', {
    consent_id: consent.id,
    institution_id: consent.institution_id,
    sharing_expires_at: consent.sharing_expires_at!,
    account_ids: [...consent.account_ids],
    ...described(app, consent),
  });
  arm(ctx, app, consent);
}

/** Sets the one timer of a live consent: its next unwarned lead, else its expiry. */
function arm(ctx: SandboxContext, app: Application, consent: Consent): void {
  timers.get(consent)?.();
  timers.delete(consent);
  if (!consentIsLive(consent.status) || consent.sharing_expires_at === null) return;
  const end = Date.parse(consent.sharing_expires_at);
  const lead = leadsOf(ctx, app).find((l) => !consent.warned.includes(l));
  const due = lead === undefined ? end : end - lead * DAY_MS;
  const expiresAt = consent.sharing_expires_at;
  const cancel = ctx.clock(app.owner).at(due, () => {
    timers.delete(consent);
    if (!consentIsLive(consent.status) || consent.sharing_expires_at !== expiresAt) return;
    if (lead === undefined) return expire(ctx, app, consent);
    if (consent.warned.includes(lead)) return arm(ctx, app, consent);
    consent.warned.push(lead);
    consent.status = 'expiring';
    ctx.emit(app, 'consent.expiring', {
      consent_id: consent.id,
      institution_id: consent.institution_id,
      sharing_expires_at: expiresAt,
      days_left: lead,
      ...described(app, consent),
    });
    arm(ctx, app, consent);
  });
  timers.set(consent, cancel);
}

function expire(ctx: SandboxContext, app: Application, consent: Consent): void {
  timers.get(consent)?.();
  timers.delete(consent);
  consent.status = 'expired';
  const now = ctx.clock(app.owner).now();
  if (consent.sharing_expires_at === null || Date.parse(consent.sharing_expires_at) > now.getTime())
    consent.sharing_expires_at = now.toISOString();
  cancelRenewal(ctx, consent, 'expired');
  ctx.emit(app, 'consent.expired', {
    consent_id: consent.id,
    institution_id: consent.institution_id,
    sharing_expires_at: consent.sharing_expires_at,
    ...described(app, consent),
  });
}

/** The bank's display name. */
function institutionName(consent: Consent): string {
  return findInstitution(consent.institution_id)?.name ?? consent.institution_id;
}

const localeOf = (consent: Consent) => (consent.locale !== undefined ? { locale: consent.locale } : {});

/**
 * What a message to the customer about a consent names: the bank, each account shared (its name and masked number,
 * as the bank's page showed it), and the language the customer's journey negotiated.
 */
function described(app: Application, consent: Consent) {
  return { institution_name: institutionName(consent), accounts: sharedAccounts(app, consent), ...localeOf(consent) };
}

/**
 * The accounts a consent shares, each by its id and its display name (its name and masked number, `Everyday Account
 * ••1234`, as the bank's consent page showed it): for the events, the journey's renew mode and the bank's dashboard.
 */
export function sharedAccounts(app: Application, consent: Consent): { account_id: string; display_name: string }[] {
  return (app.data?.accounts ?? [])
    .filter((a) => consent.account_ids.includes(a.account_id))
    .map((a) => ({ account_id: a.account_id, display_name: maskAccount(a) }));
}

/** A pending renewal of `consent` is dropped (a new one, a revocation or the expiry replaces it). */
function cancelRenewal(ctx: SandboxContext, consent: Consent, why: NonNullable<Consent['cancelled']>): void {
  const pending = consent.renewal === undefined ? undefined : ctx.state.consents.get(consent.renewal);
  delete consent.renewal;
  if (pending?.status !== 'pending') return;
  pending.status = 'denied';
  pending.cancelled = why;
}

/** The link of a first consent expired unused: the journey was abandoned before any consent. */
function linkExpired(ctx: SandboxContext, app: Application, consent: Consent): void {
  if (consent.status !== 'pending') return;
  consent.status = 'denied';
  if (consent.renews !== undefined) {
    const renewed = ctx.state.consents.get(consent.renews);
    if (renewed?.renewal === consent.id) delete renewed.renewal;
    return;
  }
  if (app.status === 'consent_pending') ctx.emit(app, 'application.abandoned', { reason: 'consent_link_expired' });
}
