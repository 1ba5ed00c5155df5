/**
 * The consent's year without a browser, against any running sandbox: move its clock, end a sharing period, stop
 * sharing at the bank's dashboard as the customer, renew (approved, or cancelled by the customer). Each makes the
 * calls a person or the bank would (the dashboard's form, the bank's consent page) or a signed sandbox-only call, so
 * the same transitions run and the same webhooks go out. The CLI's `clock`, `expire`, `revoke` and `renew` use them.
 */
import { API_OPERATIONS, fillPath } from '../../protocol/index.js';
import { createClient, isApiError } from '../../server/index.js';
import { SandboxKitError, isSandboxKitError, refused, type SandboxKitOperation } from './errors.js';
import { clockOf, signedCall, target, type SandboxTarget } from './target.js';
import { decideAtBank } from './trigger.js';

export type { SandboxTarget } from './target.js';

const signedPost = (operation: SandboxKitOperation, sandbox: SandboxTarget, path: string, body: object) =>
  signedCall(operation, sandbox, { method: 'POST', path, body });

/**
 * Moves the clock of the target's token forward (each token has its own): every consent warning, expiry and webhook
 * retry of that token's applications that falls due fires, in order; another token's keep their time.
 * `by` is milliseconds or `'<n><unit>'` (ms, s, m, h, d, w).
 * @example await advanceClock(sandbox, '30d');
 */
export async function advanceClock(sandbox: SandboxTarget, by: string | number): Promise<{ now: string }> {
  return (await signedPost('advanceClock', sandbox, API_OPERATIONS.advanceClock.path, { advance: by })) as {
    now: string;
  };
}

/**
 * Ends a consent's sharing period now: `consent.expired`, and data pulls refused from then on.
 * @example await expireConsent(sandbox, consentId);
 */
export async function expireConsent(sandbox: SandboxTarget, consentId: string): Promise<void> {
  await signedPost(
    'expireConsent',
    sandbox,
    fillPath(API_OPERATIONS.expireConsent.path, { consent_id: consentId }),
    {},
  );
}

export interface ConsentRef {
  /** @example 'acme' */
  vendor: string;
  /** @example 'cust_1' */
  ref: string;
  /** @example 'cns_3f9c…' */
  consentId: string;
}

function clientFor(sandbox: SandboxTarget) {
  const { url, token } = target(sandbox);
  const now = clockOf(sandbox);
  return createClient({ baseUrl: url, tokenId: token.id, signingSecret: token.secret, ...(now ? { now } : {}) });
}

/** The client's refusal, as `operation`'s error (its message and the sandbox's code kept). */
async function asKitError<T>(operation: SandboxKitOperation, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    if (isSandboxKitError(e) || !isApiError(e)) throw e;
    throw new SandboxKitError(operation, 'REFUSED', e.message, e.code);
  }
}

/**
 * The customer stops sharing on the bank's "manage data sharing" page: `consent.revoked` with
 * `revoked_by: 'data_holder'`.
 * @example await revokeAtBank(sandbox, { vendor: 'acme', ref: 'cust_1', consentId });
 */
export async function revokeAtBank(sandbox: SandboxTarget, consent: ConsentRef): Promise<void> {
  const { url } = target(sandbox);
  const listed = clientFor(sandbox).listConsents({ vendor: consent.vendor, ref: consent.ref });
  const { consents } = await asKitError('revokeAtBank', listed);
  const found = consents.find((c) => c.consent_id === consent.consentId);
  if (!found)
    throw new SandboxKitError(
      'revokeAtBank',
      'REFUSED',
      `no consent '${consent.consentId}' for ${consent.vendor}/${consent.ref}`,
    );
  const page = `${url}/bank/${encodeURIComponent(found.institution_id)}/sharing?consent_id=${consent.consentId}`;
  const html = await (await fetch(page)).text();
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token)
    throw new SandboxKitError('revokeAtBank', 'REFUSED', 'the sharing page offers no stop (the consent is not live)');
  const res = await fetch(new URL('sharing', page.replace(/sharing\?.*$/, '')), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent_id: consent.consentId, form_token: token, action: 'stop' }).toString(),
    redirect: 'manual',
  });
  if (res.status !== 303) await refused(res, 'revokeAtBank', 'stopping the sharing');
}

export interface TriggerRenewalOptions extends ConsentRef {
  /** `'approved'` (default) at the bank, or `'cancelled'`: the customer backs out, and nothing changes. */
  outcome?: 'approved' | 'cancelled';
  /** The new sharing period, days; default the consent's. @example 365 */
  sharingDays?: number;
}

/**
 * Renews a consent as the customer would: the renewal is created (`POST …/consents` with `renews`) and decided at the
 * bank. Approved: `consent.renewed`, the same consent with a new date and the same accounts. Cancelled:
 * `consent.denied` with `renews`, and the consent exactly as it was.
 * @example await triggerRenewal(sandbox, { vendor: 'acme', ref: 'cust_1', consentId, outcome: 'approved' });
 */
export async function triggerRenewal(
  sandbox: SandboxTarget,
  options: TriggerRenewalOptions,
): Promise<{ renewalId: string }> {
  const outcome = options.outcome ?? 'approved';
  if (outcome !== 'approved' && outcome !== 'cancelled')
    throw new SandboxKitError(
      'triggerRenewal',
      'INVALID_OPTIONS',
      `outcome must be 'approved' or 'cancelled', got '${outcome}'`,
    );
  const created = clientFor(sandbox).createConsent({
    vendor: options.vendor,
    ref: options.ref,
    renews: options.consentId,
    ...(options.sharingDays !== undefined ? { sharing_days: options.sharingDays } : {}),
  });
  const renewal = await asKitError('triggerRenewal', created);
  const decision = outcome === 'approved' ? 'approve' : 'deny';
  await decideAtBank(renewal.consent_url, decision, AbortSignal.timeout(60_000), 'triggerRenewal');
  return { renewalId: renewal.consent_id };
}
