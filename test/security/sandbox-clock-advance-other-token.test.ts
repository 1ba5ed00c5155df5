// Attack: token B moves the sandbox's clock 340 (then 400) days, through the testing kit or the clock endpoint, to
// expire token A's consents: A's data pulls would be refused with CONSENT_EXPIRED and A's receivers sent
// consent.expiring and consent.expired that A's customers never earned. The safe answer: each token has its own
// clock. B's advance moves B's applications, consents and timers only; A's stay where A's clock is.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { advanceClock, expireConsent } from '../../src/sandbox/testing/index.js';
import { approveConsent, type TestSandbox, twoTenantSandbox, type WebhookReceiverHandle } from '../support/sandbox.js';

const A = { tokenId: 'tenant_a', secret: 'tenant_a_secret' };
const B = { tokenId: 'tenant_b', secret: 'tenant_b_secret' };
const asB = (sb: TestSandbox) => ({ url: sb.url, token: { id: B.tokenId, secret: B.secret } });

let sb: TestSandbox;
let hooksA: WebhookReceiverHandle;
let hooksB: WebhookReceiverHandle;
let close: (() => Promise<void>) | undefined;
const consentOf: Record<string, string> = {};

/** A token's customer with an authorised consent and its data retrieved. */
async function consented(token: typeof A, ref: string): Promise<void> {
  const profile = { full_name: 'Alex Citizen', bank_id: 'sandbox-bank', pathway: 'cdr' };
  expect((await sb.request('POST', `/api/v1/acme/${ref}/profile`, profile, token)).status).toBeLessThan(300);
  const consent = await sb.request('POST', `/api/v1/acme/${ref}/consents`, {}, token);
  await approveConsent(sb.url, consent.json.consent_url, 'approve');
  consentOf[ref] = consent.json.consent_id;
  await sb.waitForStatus('acme', ref, 'crawled');
}

beforeAll(async () => {
  ({ sb, hooksA, hooksB, close } = await twoTenantSandbox(A, B));
  await consented(A, 'cust_a');
  await consented(B, 'cust_b');
  await sb.webhooksIdle();
});
afterAll(() => close?.());

const consentsOf = async (token: typeof A, ref: string) =>
  (await sb.request('GET', `/api/v1/acme/${ref}/consents`, undefined, token)).json.consents as {
    status: string;
    sharing_expires_at: string;
  }[];

it("B's advance of 340 days warns B's customer and leaves A's consent, its date and A's receivers untouched", async () => {
  const [before] = await consentsOf(A, 'cust_a');
  const { now } = await advanceClock(asB(sb), '340d');
  expect(Date.parse(now) - Date.now()).toBeGreaterThan(339 * 86_400_000);
  await hooksB.next((h) => h.json.type === 'consent.expiring');
  await sb.webhooksIdle();
  expect((await consentsOf(B, 'cust_b'))[0]!.status).toBe('expiring');
  expect(await consentsOf(A, 'cust_a')).toEqual([before]);
  expect(before!.status).toBe('active');
  expect(hooksA.received.map((h) => h.json.type).filter((t) => t.startsWith('consent.'))).toEqual([
    'consent.authorised',
  ]);
});

it("after B's 400 days B's consent is expired, A's is live: A's finalise works and A's clock did not move", async () => {
  const res = await sb.request('POST', '/sandbox/v1/clock', { advance: '60d' }, B);
  expect(res.status).toBe(200);
  await hooksB.next((h) => h.json.type === 'consent.expired');
  expect((await sb.request('POST', '/api/v1/acme/cust_b/finalise', {}, B)).json.error.code).toBe('CONSENT_EXPIRED');

  expect((await consentsOf(A, 'cust_a'))[0]!.status).toBe('active');
  expect((await sb.request('POST', '/api/v1/acme/cust_a/finalise', {}, A)).status).toBe(200);
  const own = await sb.request('POST', '/sandbox/v1/clock', { advance: 0 }, A);
  expect(Math.abs(Date.parse(own.json.now) - Date.now())).toBeLessThan(60_000);
  await sb.webhooksIdle();
  expect(hooksA.received.map((h) => h.json.type).filter((t) => t.startsWith('consent.'))).toEqual([
    'consent.authorised',
  ]);
});

it("B cannot end A's consent through the testing kit's expire either: not found for B", async () => {
  await expect(expireConsent(asB(sb), consentOf.cust_a!)).rejects.toThrow(/CONSENT_NOT_FOUND|no consent/);
  expect((await consentsOf(A, 'cust_a'))[0]!.status).toBe('active');
});
