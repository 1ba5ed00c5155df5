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
import { revoke, sharedAccounts } from '../core/consents.js';
import { consentIsLive } from '../../protocol/consents.js';
import { findInstitution } from '../data/institutions.js';
import { sharingPeriodText } from '../../protocol/journey-copy.js';
import type { Locale } from '../../protocol/locale.js';
import { QUERY } from '../../protocol/url.js';
import type { Reply, RequestInfo } from '../core/http.js';
import type { Consent } from '../core/state.js';
import {
  BANK_HEADERS,
  consentFields,
  errorPage,
  esc,
  consentPage,
  withParties,
  pageLocale,
  postedForm,
} from './consent-pages.js';
import { bankWords } from './words.js';

/** The dashboard's address for one arrangement. */
export function dashboardUrl(ctx: SandboxContext, consent: Consent): string {
  const bank = encodeURIComponent(consent.institution_id);
  return `${ctx.origin()}/bank/${bank}/sharing?consent_id=${encodeURIComponent(consent.id)}`;
}

/** The arrangement's state in the customer's words; a live one says until when, in `locale`. */
function statusLine(consent: Consent, locale: Locale): string {
  const w = bankWords(locale);
  if (consentIsLive(consent.status)) {
    const until = consent.sharing_expires_at;
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    return w('sharing.until', { date: until ? format.format(new Date(until)) : '' });
  }
  if (consent.status === 'revoked') return w('sharing.revoked');
  return w(consent.status === 'expired' ? 'sharing.expired' : 'sharing.none');
}

/**
 * `GET /bank/{id}/sharing?consent_id=` in the page's locale (`locale`, else `Accept-Language`); the stop form posts
 * with the same `locale`, so the page it returns to keeps it.
 */
export function sharingPage(ctx: SandboxContext, institutionId: string, info: RequestInfo): Reply {
  return consentPage(ctx, institutionId, info, (p) => {
    const { inst, consent, app, locale, w } = p;
    if (consent.renews !== undefined || consent.status === 'pending' || consent.status === 'denied')
      throw new SandboxHttpError(E.CONSENT_NOT_FOUND, 'no data sharing arrangement with this id');
    const accounts = sharedAccounts(app, consent)
      .map((a) => `<li><bdi>${esc(a.display_name)}</bdi></li>`)
      .join('');
    const action = `/bank/${encodeURIComponent(inst.id)}/sharing?${QUERY.locale}=${encodeURIComponent(locale)}`;
    const stop = consentIsLive(consent.status)
      ? `<form method="post" action="${esc(action)}">
${consentFields(consent)}
<div class="actions"><button class="deny" type="submit" name="action" value="stop">${esc(w('sharing.stop'))}</button>` +
        '</div></form>'
      : '';
    const body = `<h1>${esc(w('sharing.title'))}</h1>
<p>${withParties(p, 'sharing.with')}</p>
<p class="sharing-status" data-status="${esc(consent.status)}">${esc(statusLine(consent, locale))}</p>
<p>${esc(sharingPeriodText(consent.sharing_days, locale))}</p>
<h2>${esc(w('accounts'))}</h2><ul class="accounts">${accounts}</ul>${stop}`;
    return { title: w('sharing.pageTitle', { bank: inst.name }), body };
  });
}

/** `POST /bank/{id}/sharing` (form-encoded `consent_id`, `form_token`): stops the sharing, 303 back to the page. */
export function stopSharing(ctx: SandboxContext, institutionId: string, info: RequestInfo): Reply {
  const inst = findInstitution(institutionId);
  try {
    const { consent } = postedForm(ctx, inst, info, 'sharing');
    revoke(ctx, consent, 'data_holder');
    const back = new URLSearchParams({ consent_id: consent.id, [QUERY.locale]: pageLocale(info) });
    return {
      status: 303,
      body: '',
      headers: { location: `/bank/${encodeURIComponent(inst!.id)}/sharing?${back}`, ...BANK_HEADERS },
    };
  } catch (error) {
    return errorPage(inst, error, pageLocale(info));
  }
}
