/**
 * The sandbox bank's "manage data sharing" page: the data holder's dashboard, where a customer sees an arrangement and
 * stops it. Server-rendered, no script, unframeable, like the consent page; the stop form carries the consent's form
 * token (compared in constant time), so a post from elsewhere is refused.
 * A stop here is a revocation at the data holder: `consent.revoked` with `revoked_by: 'data_holder'` (the Consumer
 * Data Right has the data holder tell the recipient of a withdrawal made on its dashboard, r.4.26A); `customer` is
 * kept for a withdrawal the customer makes with you (`revokeConsent` with `revoked_by: 'customer'`).
 */
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError } from '../core/errors.js';
import { isLive, revoke } from '../core/consents.js';
import { findInstitution } from '../data/institutions.js';
import { sharingPeriodText, vendorDisplayName } from '../../protocol/journey-copy.js';
import type { Reply, RequestInfo } from '../core/http.js';
import type { Consent } from '../core/state.js';
import { BANK_HEADERS, errorPage, esc, findConsent, page, sameToken } from './consent-pages.js';

/** The dashboard's address for one arrangement. */
export function dashboardUrl(ctx: SandboxContext, consent: Consent): string {
  const bank = encodeURIComponent(consent.institution_id);
  return `${ctx.origin()}/bank/${bank}/sharing?consent_id=${encodeURIComponent(consent.id)}`;
}

function statusLine(consent: Consent): string {
  if (isLive(consent)) return `Sharing until ${consent.sharing_expires_at?.slice(0, 10) ?? ''}`;
  if (consent.status === 'revoked') return 'Sharing stopped';
  if (consent.status === 'expired') return 'Sharing ended';
  return 'Not sharing';
}

/** `GET /bank/{id}/sharing?consent_id=`. */
export function sharingPage(ctx: SandboxContext, institutionId: string, url: URL): Reply {
  const inst = findInstitution(institutionId);
  try {
    const consent = findConsent(ctx, inst, url.searchParams.get('consent_id'));
    if (consent.renews !== undefined || consent.status === 'pending' || consent.status === 'denied')
      throw new SandboxHttpError(E.CONSENT_NOT_FOUND, 'no data sharing arrangement with this id');
    const app = ctx.state.applications.get(consent.application_id)!;
    const accounts = consent.account_ids.map((a) => `<li>${esc(a)}</li>`).join('');
    const stop = isLive(consent)
      ? `<form method="post" action="/bank/${encodeURIComponent(inst!.id)}/sharing">
<input type="hidden" name="consent_id" value="${esc(consent.id)}">` +
        `<input type="hidden" name="form_token" value="${esc(consent.form_token)}">
<div class="actions"><button class="deny" type="submit" name="action" value="stop">Stop sharing</button></div></form>`
      : '';
    const body = `<h1>Manage data sharing</h1>
<p>You share data from your ${esc(inst!.name)} accounts with <strong>${esc(vendorDisplayName(app.vendor))}</strong>.</p>
<p class="sharing-status" data-status="${esc(consent.status)}">${esc(statusLine(consent))}</p>
<p>${esc(sharingPeriodText(consent.sharing_days))}</p>
<h2>Accounts</h2><ul class="accounts">${accounts}</ul>${stop}`;
    return page(inst, `${inst!.name} — manage data sharing`, body);
  } catch (error) {
    return errorPage(inst, error);
  }
}

/** `POST /bank/{id}/sharing` (form-encoded `consent_id`, `form_token`): stops the sharing, 303 back to the page. */
export function stopSharing(ctx: SandboxContext, institutionId: string, info: RequestInfo): Reply {
  const inst = findInstitution(institutionId);
  try {
    const type = (info.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded')
      throw new SandboxHttpError(E.UNSUPPORTED_MEDIA_TYPE, 'post the sharing form');
    const form = new URLSearchParams(info.body.toString('utf8'));
    const consent = findConsent(ctx, inst, form.get('consent_id'));
    if (!sameToken(form.get('form_token') ?? '', consent.form_token))
      throw new SandboxHttpError(E.INVALID_FORM_TOKEN, 'this form was not issued by the bank');
    revoke(ctx, consent, 'data_holder');
    const back = `/bank/${encodeURIComponent(inst!.id)}/sharing?consent_id=${encodeURIComponent(consent.id)}`;
    return { status: 303, body: '', headers: { location: back, ...BANK_HEADERS } };
  } catch (error) {
    return errorPage(inst, error);
  }
}
