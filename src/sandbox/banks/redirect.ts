/**
 * `GET /bank-redirect/{vendor}/{ref}/{consentId}`: the journey origin's bank-redirect endpoint, the only URL the widget
 * ever sends the integrator's top-level page to (path shape: `buildBankRedirectUrl` in src/protocol/url.ts). The
 * consent is looked up here, server-side; the answer is a 302 to that consent's own bank page, built from stored state.
 * Nothing in the request other than the three ids is read, so it cannot be made an open redirect: an unknown consent,
 * another customer's consent or an already decided one gets an HTML error page and no `Location`.
 */
import { parseBankRedirectPath } from '../../protocol/index.js';
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError } from '../core/errors.js';
import { requirePending } from '../core/consents.js';
import { consentUrl } from '../core/lifecycle.js';
import type { Reply } from '../core/http.js';

const HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function errorPage(error: SandboxHttpError): Reply {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bank link not available</title></head>
<body><h1>This bank link is not available</h1><p data-code="${esc(error.code)}">${esc(error.message)}</p>
<p>Go back to the page you came from and start the bank step again.</p></body></html>`;
  return { status: error.status, body, headers: { 'content-type': 'text/html; charset=utf-8', ...HEADERS } };
}

export function bankRedirect(ctx: SandboxContext, pathname: string): Reply {
  const target = parseBankRedirectPath(pathname);
  const app = target && ctx.state.findByRef(target.vendor, target.customerId);
  const consent = target && ctx.state.consents.get(target.consentId);
  if (!app || !consent || consent.application_id !== app.id) {
    return errorPage(new SandboxHttpError(E.CONSENT_NOT_FOUND, 'no such consent for this customer'));
  }
  try {
    requirePending(consent);
  } catch (error) {
    return errorPage(error as SandboxHttpError);
  }
  return { status: 302, body: '', headers: { location: consentUrl(ctx, consent), ...HEADERS } };
}
