/**
 * The fake banks' consent pages. Like real banks they refuse to be framed (X-Frame-Options DENY and
 * frame-ancestors 'none'), so the journey must run this step top-level or in a popup. Server-rendered, no script:
 * a plain form posts the decision, then 303 back to the consent's return URL.
 * The form carries a per-consent token, compared in constant time: a decision posted from elsewhere is refused.
 */
import { timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError, isSandboxHttpError } from '../core/errors.js';
import { findInstitution, type Institution } from '../data/institutions.js';
import { maskAccount } from '../data/generate.js';
import { bankDataNow, decideConsent } from '../core/lifecycle.js';
import { requirePending } from '../core/consents.js';
import { consentCopy, SYSTEM_FONT_STACK, sharingPeriodText, vendorDisplayName } from '../../protocol/journey-copy.js';
import { CDR_CLUSTERS } from '../../protocol/cdr-language.js';
import { DEFAULT_LOCALE, fill, localeDir, negotiateLocale, type Locale } from '../../protocol/locale.js';
import { QUERY } from '../../protocol/url.js';
import { BANK_WORDS, bankWords, type BankKey } from './words.js';
import type { Reply, RequestInfo } from '../core/http.js';
import type { Application, Consent } from '../core/state.js';

export const BANK_CSP = "frame-ancestors 'none'; default-src 'self'; style-src 'self'";
export const BANK_HEADERS = { 'x-frame-options': 'DENY', 'content-security-policy': BANK_CSP };

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page's locale: the `locale` the journey put on the consent URL, else the browser's `Accept-Language`, else
 * en-AU (src/protocol/locale.ts negotiates).
 */
export function pageLocale(info: RequestInfo): Locale {
  const accept = String(info.req.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim());
  return negotiateLocale([info.url.searchParams.get(QUERY.locale), ...accept]);
}

export function page(
  inst: Institution | undefined,
  title: string,
  body: string,
  { status = 200, locale = DEFAULT_LOCALE }: { status?: number; locale?: Locale } = {},
): Reply {
  const w = bankWords(locale);
  const css = inst ? `/bank/${encodeURIComponent(inst.id)}/bank.css` : '/bank/sandbox-bank/bank.css';
  const html =
    `<!doctype html><html lang="${locale}" dir="${localeDir(locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><link rel="stylesheet" href="${css}"></head>
<body><header class="bank-header">` +
    `<span class="bank-logo" aria-hidden="true">${esc((inst?.name ?? w('fallbackBank')).slice(0, 1))}</span>
<span class="bank-name">${esc(inst?.name ?? w('fallbackBank'))}</span><span class="bank-secure">` +
    `${esc(w('secure'))}</span></header>
<main>${body}</main><footer>${esc(w('footer'))}</footer></body></html>`;
  return { status, body: html, headers: { 'content-type': 'text/html; charset=utf-8', ...BANK_HEADERS } };
}

/** The customer reads the words for the error's code; its English message is kept for developers in `data-message`. */
export function errorPage(inst: Institution | undefined, error: unknown, locale: Locale = DEFAULT_LOCALE): Reply {
  const e = isSandboxHttpError(error) ? error : new SandboxHttpError(E.INTERNAL, 'internal sandbox error');
  const w = bankWords(locale);
  const key = `error.${e.code}`;
  const text = key in BANK_WORDS[DEFAULT_LOCALE] ? w(key as BankKey) : w('error.other');
  return page(
    inst,
    w('errorTitle'),
    `<h1>${esc(w('errorTitle'))}</h1><p class="error" data-code="${esc(e.code)}" data-message="${esc(e.message)}">` +
      `${esc(text)}</p>`,
    { status: e.status, locale },
  );
}

/** Each data cluster in the standards' English words (`lang="en"`), with the locale's help beside it. */
function clusters(w: ReturnType<typeof bankWords>): string {
  return CDR_CLUSTERS.map(
    (c) =>
      `<dt lang="en" dir="ltr">${esc(c.cluster)}</dt><dd><ul lang="en" dir="ltr">` +
      `${c.permissions.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>` +
      `<p class="help">${esc(w(`cdr.${c.key}`))}</p></dd>`,
  ).join('');
}

/** `GET /bank/{id}/bank.css`: each bank's own colours. */
export function bankStylesheet(institutionId: string): Reply | null {
  const inst = findInstitution(institutionId);
  if (!inst) return null;
  const css =
    `:root{--brand:${inst.colour}}
*{box-sizing:border-box}body{margin:0;font-family:${SYSTEM_FONT_STACK};background:#F4F1EA;color:#1C1C1C}
.bank-header{display:flex;align-items:center;gap:12px;padding:16px 24px;background:var(--brand);color:#fff}
.bank-logo{display:inline-grid;place-items:center;width:36px;height:36px;border-radius:50%;background:#fff;` +
    `color:var(--brand);font-weight:bold;font-size:20px}
.bank-name{font-size:20px;font-weight:bold}.bank-secure{margin-left:auto;font-size:13px;opacity:.85}
main{max-width:560px;margin:32px auto;padding:24px;background:#fff;border:1px solid #DDD6C8;border-radius:6px}
h1{font-size:22px;margin-top:0;color:var(--brand)}ul{padding-left:20px}li{margin:4px 0}dt{font-weight:bold;` +
    `margin-top:8px}dd{margin:0 0 4px}
.actions{display:flex;gap:12px;margin-top:24px}button{flex:1;font:inherit;font-size:16px;padding:12px;` +
    `border-radius:4px;cursor:pointer}
.approve{background:var(--brand);color:#fff;border:1px solid var(--brand)}.deny{background:#fff;color:#1C1C1C;` +
    `border:1px solid #8A8170}
.error{color:#A31515}footer{text-align:center;font-size:12px;color:#6B6457;margin-bottom:24px}`;
  return { status: 200, body: css, headers: { 'content-type': 'text/css; charset=utf-8' } };
}

export function findConsent(ctx: SandboxContext, inst: Institution | undefined, consentId: string | null): Consent {
  if (!inst) throw new SandboxHttpError(E.NOT_FOUND, 'no such bank');
  const consent = consentId ? ctx.state.consents.get(consentId) : undefined;
  if (!consent || consent.institution_id !== inst.id)
    throw new SandboxHttpError(E.CONSENT_NOT_FOUND, 'this consent request does not exist at this bank');
  return consent;
}

/** What a page about one consent is rendered from: the consent at its bank, its application, the page's words. */
export interface ConsentPageInput {
  inst: Institution;
  consent: Consent;
  app: Application;
  locale: Locale;
  w: ReturnType<typeof bankWords>;
}

/**
 * `GET /bank/{id}/…?consent_id=`: a page about one consent at its bank, in the page's locale. `render` answers its
 * title and body, or throws a SandboxHttpError for a consent it does not show; every failure is the error page.
 */
export function consentPage(
  ctx: SandboxContext,
  institutionId: string,
  info: RequestInfo,
  render: (p: ConsentPageInput) => { title: string; body: string },
): Reply {
  const inst = findInstitution(institutionId);
  const locale = pageLocale(info);
  try {
    const consent = findConsent(ctx, inst, info.url.searchParams.get('consent_id'));
    const app = ctx.state.applications.get(consent.application_id)!;
    const { title, body } = render({ inst: inst!, consent, app, locale, w: bankWords(locale) });
    return page(inst, title, body, { locale });
  } catch (error) {
    return errorPage(inst, error, locale);
  }
}

/** The words for `key` as HTML, with the vendor's name (in bold) and the bank's filled in. */
export function withParties(p: ConsentPageInput, key: 'asking' | 'sharing.with'): string {
  return fill(esc(BANK_WORDS[p.locale][key] ?? BANK_WORDS[DEFAULT_LOCALE][key]!), {
    vendor: `<strong>${esc(vendorDisplayName(p.app.vendor))}</strong>`,
    bank: esc(p.inst.name),
  });
}

const audFormats = new Map<Locale, Intl.NumberFormat>();
/** An amount in Australian dollars in `locale` (one formatter per locale). */
function aud(locale: Locale, amount: string): string {
  let f = audFormats.get(locale);
  if (!f) audFormats.set(locale, (f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'AUD' })));
  return f.format(Number(amount));
}

/** `GET /bank/{id}/authorise?consent_id=`. */
export function authorisePage(ctx: SandboxContext, institutionId: string, info: RequestInfo): Reply {
  return consentPage(ctx, institutionId, info, (p) => {
    const { inst, consent, app, locale, w } = p;
    requirePending(consent);
    const { accounts } = bankDataNow(ctx, app, inst.id);
    const copy = consentCopy(locale);
    const account = (a: (typeof accounts)[number]) =>
      `<li><bdi>${esc(maskAccount(a))}</bdi> · ` +
      `${esc(w('balance', { amount: aud(locale, a.current_balance) }))}</li>`;
    const body =
      `<h1>${esc(w('title'))}</h1>
<p>${withParties(p, 'asking')}</p>
<h2>${esc(w('accounts'))}</h2><ul class="accounts">${accounts.map(account).join('')}</ul>
<h2>${esc(w('shared'))}</h2>` +
      `<dl class="clusters">${clusters(w)}</dl>
<h2>${esc(w('howLong'))}</h2><p class="duration">${esc(copy.period)}. ${esc(copy.duration)}.</p>
<p class="sharing-period">${esc(sharingPeriodText(consent.sharing_days, locale))}</p>
<form method="post" action="/bank/${encodeURIComponent(inst.id)}/decision">
${consentFields(consent)}
<div class="actions"><button class="deny" type="submit" name="decision" value="deny">${esc(w('deny'))}</button>
<button class="approve" type="submit" name="decision" value="approve">${esc(w('approve'))}</button></div></form>`;
    return { title: w('pageTitle', { bank: inst.name }), body };
  });
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The hidden fields of every bank form: the consent it is about, and that consent's form token. */
export const consentFields = (consent: Consent): string =>
  `<input type="hidden" name="consent_id" value="${esc(consent.id)}">` +
  `<input type="hidden" name="form_token" value="${esc(consent.form_token)}">`;

/**
 * A bank form as posted (form-encoded, with `consentFields`): the consent it names, once its form token matched, and
 * the form. `what` names the form in the 415's message.
 */
export function postedForm(
  ctx: SandboxContext,
  inst: Institution | undefined,
  info: RequestInfo,
  what: string,
): { consent: Consent; form: URLSearchParams } {
  const type = (info.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    throw new SandboxHttpError(E.UNSUPPORTED_MEDIA_TYPE, `post the ${what} form`);
  const form = new URLSearchParams(info.body.toString('utf8'));
  const consent = findConsent(ctx, inst, form.get('consent_id'));
  if (!sameToken(form.get('form_token') ?? '', consent.form_token))
    throw new SandboxHttpError(E.INVALID_FORM_TOKEN, 'this form was not issued by the bank');
  return { consent, form };
}

/** `POST /bank/{id}/decision` (form-encoded): 303 to the return URL with consent_id, status and state. */
export function decision(ctx: SandboxContext, institutionId: string, info: RequestInfo): Reply {
  const inst = findInstitution(institutionId);
  try {
    const { consent, form } = postedForm(ctx, inst, info, 'consent');
    const choice = form.get('decision');
    if (choice !== 'approve' && choice !== 'deny')
      throw new SandboxHttpError(E.VALIDATION_FAILED, "decision must be 'approve' or 'deny'");
    const location = decideConsent(ctx, consent, choice === 'approve');
    return { status: 303, body: '', headers: { location, ...BANK_HEADERS } };
  } catch (error) {
    return errorPage(inst, error, pageLocale(info));
  }
}
