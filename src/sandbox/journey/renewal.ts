/**
 * The journey API's renew mode [ours]: what the journey shows of the consent it renews (bank, accounts, sharing
 * period, all pre-selected: the Consumer Data Right lets an amendment pre-select the current consent, rule 4.12C),
 * starting the renewal at the bank, and cancelling it when the customer leaves the journey.
 * 1. Only a consent of this vendor/ref's application, never a renewal request itself; anything else is 404.
 * 2. Nothing here changes the consent: the renewal is a request beside it (core/consents.ts), so until the bank
 *    approves, the consent keeps its status, date and accounts and data can still be pulled.
 * 3. Cancelling ends the pending request exactly as the bank's "deny" does (`consent.denied` with `renews`), so the
 *    consent reads again as it did before the journey opened.
 */
import { SHARING_DAYS, consentIsLive } from '../../protocol/index.js';
import type { Locale } from '../../protocol/locale.js';
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError } from '../core/errors.js';
import { decide, sharedAccounts } from '../core/consents.js';
import { consentUrl, createConsent } from '../core/lifecycle.js';
import { json, type Reply } from '../core/http.js';
import type { Application, Consent } from '../core/state.js';
import { findInstitution } from '../data/institutions.js';

function renewed(ctx: SandboxContext, vendor: string, ref: string, id: string): { app: Application; consent: Consent } {
  const app = ctx.state.findByRef(vendor, ref);
  const consent = ctx.state.consents.get(id);
  if (!app || !consent || consent.application_id !== app.id || consent.renews !== undefined)
    throw new SandboxHttpError(E.CONSENT_NOT_FOUND, `no consent '${id}' for ${vendor}/${ref}`);
  return { app, consent };
}

/** Whether the journey can renew it: a live consent, or one whose period ended (a revoked one needs a new consent). */
const renewable = (consent: Consent) => consentIsLive(consent.status) || consent.status === 'expired';

/**
 * `GET …/renewals/{id}`: the consent as renew mode shows it — its bank, its accounts (name and the last four digits),
 * its sharing period and date, and whether it can be renewed.
 */
export function renewalDetails(ctx: SandboxContext, vendor: string, ref: string, id: string): Reply {
  const { app, consent } = renewed(ctx, vendor, ref, id);
  const inst = findInstitution(consent.institution_id);
  const accounts = sharedAccounts(app, consent).map((a) => ({ account_id: a.account_id, label: a.display_name }));
  return json({
    consent_id: consent.id,
    application_id: app.id,
    status: consent.status,
    renewable: renewable(consent),
    institution: { id: consent.institution_id, name: inst?.name ?? consent.institution_id, colour: inst?.colour },
    accounts,
    sharing_days: consent.sharing_days,
    sharing_expires_at: consent.sharing_expires_at,
    max_sharing_days: SHARING_DAYS.max,
  });
}

/**
 * `POST …/renewals/{id}/start` `{ sharing_days? }`: a renewal request of the consent (default: its own duration),
 * answered as the first consent's is, `{ consent_id, consent_url }`: the journey's authorise step takes it to the
 * bank.
 * `returnUrl` is already checked by the caller (same rules as a first consent's).
 */
export function startRenewal(
  ctx: SandboxContext,
  where: { vendor: string; ref: string; id: string },
  request: {
    returnUrl: string;
    sharingDays?: number | undefined;
    locale?: Locale | undefined;
    appReturn?: string | undefined;
  },
): Reply {
  const { app, consent } = renewed(ctx, where.vendor, where.ref, where.id);
  const renewal = createConsent(ctx, app, {
    renews: consent.id,
    returnUrl: request.returnUrl,
    sharingDays: request.sharingDays,
    locale: request.locale,
    appReturn: request.appReturn,
  });
  return json({ consent_id: renewal.id, consent_url: consentUrl(ctx, renewal) }, 201);
}

/**
 * `POST …/renewals/{id}/cancel`: the customer left the journey; a renewal still waiting for the bank ends as a
 * denial would. Repeating it, or cancelling when none waits, is harmless (`{ cancelled: false }`).
 */
export function cancelRenewal(ctx: SandboxContext, vendor: string, ref: string, id: string): Reply {
  const { consent } = renewed(ctx, vendor, ref, id);
  const pending = consent.renewal === undefined ? undefined : ctx.state.consents.get(consent.renewal);
  if (pending?.status !== 'pending') return json({ cancelled: false });
  decide(ctx, pending, false);
  return json({ cancelled: true });
}
