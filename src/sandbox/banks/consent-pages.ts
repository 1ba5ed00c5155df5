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
import { generateBankData, maskAccount } from '../data/generate.js';
import { decideConsent } from '../core/lifecycle.js';
import { decisionOf } from '../core/consents.js';
import {
  DURATION_TEXT,
  HISTORY_TEXT,
  SYSTEM_FONT_STACK,
  sharingPeriodText,
  vendorDisplayName,
} from '../../protocol/journey-copy.js';
import type { Reply, RequestInfo } from '../core/http.js';
import type { Consent } from '../core/state.js';

export const BANK_CSP = "frame-ancestors 'none'; default-src 'self'; style-src 'self'";
export const BANK_HEADERS = { 'x-frame-options': 'DENY', 'content-security-policy': BANK_CSP };

const DATA_CLUSTERS = [
  ['Name and occupation', 'Your name and occupation'],
  ['Account name, type and balance', 'Name, type and balance of each selected account'],
  ['Account numbers and features', 'BSB, account number, interest rates, fees and discounts'],
  ['Transaction details', 'Incoming and outgoing transactions, amounts, dates and descriptions'],
] as const;

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function page(inst: Institution | undefined, title: string, body: string, status = 200): Reply {
  const css = inst ? `/bank/${encodeURIComponent(inst.id)}/bank.css` : '/bank/sandbox-bank/bank.css';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><link rel="stylesheet" href="${css}"></head>
<body><header class="bank-header">` +
    `<span class="bank-logo" aria-hidden="true">${esc((inst?.name ?? 'Bank').slice(0, 1))}</span>
<span class="bank-name">${esc(inst?.name ?? 'Sandbox bank')}</span><span class="bank-secure">` +
    `Secure consent</span></header>
<main>${body}</main><footer>Sandbox bank — test data only. Nothing here is a real account.</footer></body></html>`;
  return { status, body: html, headers: { 'content-type': 'text/html; charset=utf-8', ...BANK_HEADERS } };
}

export function errorPage(inst: Institution | undefined, error: unknown): Reply {
  const e = isSandboxHttpError(error) ? error : new SandboxHttpError(E.INTERNAL, 'internal sandbox error');
  return page(
    inst,
    'Something went wrong',
    `<h1>Something went wrong</h1><p class="error" data-code="${esc(e.code)}">${esc(e.message)}</p>`,
    e.status,
  );
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

/** `GET /bank/{id}/authorise?consent_id=`. */
export function authorisePage(ctx: SandboxContext, institutionId: string, url: URL): Reply {
  const inst = findInstitution(institutionId);
  try {
    const consent = findConsent(ctx, inst, url.searchParams.get('consent_id'));
    if (consent.status !== 'pending')
      throw new SandboxHttpError(E.CONSENT_ALREADY_DECIDED, `this consent was already ${decisionOf(consent)}`);
    const app = ctx.state.applications.get(consent.application_id)!;
    const accounts = generateBankData({
      seed: ctx.seed,
      vendor: app.vendor,
      ref: app.ref,
      institutionId: inst!.id,
      endDate: ctx.now(),
    }).accounts;
    const vendorName = vendorDisplayName(app.vendor);
    const body =
      `<h1>Share your data</h1>
<p><strong>${esc(vendorName)}</strong> is asking to access data from your ${esc(inst!.name)} accounts.</p>
<h2>Accounts</h2><ul class="accounts">${accounts.map((a) => `<li>${esc(maskAccount(a))}</li>`).join('')}</ul>
<h2>Data we will share</h2>` +
      `<dl class="clusters">${DATA_CLUSTERS.map(([t, d]) => `<dt>${esc(t)}</dt><dd>${esc(d)}</dd>`).join('')}</dl>
<h2>How long</h2><p class="duration">Transactions: ${esc(HISTORY_TEXT)}. ${esc(DURATION_TEXT)}.</p>
<p class="sharing-period">${esc(sharingPeriodText(consent.sharing_days))}</p>
<form method="post" action="/bank/${encodeURIComponent(inst!.id)}/decision">
<input type="hidden" name="consent_id" value="${esc(consent.id)}">` +
      `<input type="hidden" name="form_token" value="${esc(consent.form_token)}">
<div class="actions"><button class="deny" type="submit" name="decision" value="deny">Deny</button>
<button class="approve" type="submit" name="decision" value="approve">Approve</button></div></form>`;
    return page(inst, `${inst!.name} — share your data`, body);
  } catch (error) {
    return errorPage(inst, error);
  }
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `POST /bank/{id}/decision` (form-encoded): 303 to the return URL with consent_id, status and state. */
export function decision(ctx: SandboxContext, institutionId: string, info: RequestInfo): Reply {
  const inst = findInstitution(institutionId);
  try {
    const type = (info.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded')
      throw new SandboxHttpError(E.UNSUPPORTED_MEDIA_TYPE, 'post the consent form');
    const form = new URLSearchParams(info.body.toString('utf8'));
    const consent = findConsent(ctx, inst, form.get('consent_id'));
    if (!sameToken(form.get('form_token') ?? '', consent.form_token))
      throw new SandboxHttpError(E.INVALID_FORM_TOKEN, 'this form was not issued by the bank');
    const choice = form.get('decision');
    if (choice !== 'approve' && choice !== 'deny')
      throw new SandboxHttpError(E.VALIDATION_FAILED, "decision must be 'approve' or 'deny'");
    const location = decideConsent(ctx, consent, choice === 'approve');
    return { status: 303, body: '', headers: { location, ...BANK_HEADERS } };
  } catch (error) {
    return errorPage(inst, error);
  }
}
