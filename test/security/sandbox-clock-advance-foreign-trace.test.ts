// Attack: token B sends a clock advance carrying its own traceparent and tracestate, so that token A's consent timers
// fire inside B's request: A's consent.* deliveries would carry B's trace id and B's tracestate to A's webhook
// handler, and A's application would adopt B's trace for what follows. The safe answer: B's advance fires nothing of
// A's (each token has its own clock), and a timer's events are in its application's trace, never in that of the
// request that fired them — not even A's own advance, which is about no application — and the application adopts
// only the context of a request about it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseTraceparent } from '../../src/protocol/trace-context.js';
import { triggerJourney, triggerRenewal } from '../../src/sandbox/testing/index.js';
import {
  type ReceivedWebhook,
  type TestSandbox,
  twoTenantSandbox,
  type WebhookReceiverHandle,
} from '../support/sandbox.js';

const A = { tokenId: 'tenant_a', secret: 'tenant_a_secret' };
const B = { tokenId: 'tenant_b', secret: 'tenant_b_secret' };
const JOURNEY = '00-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-1111111111111111-01';
const FOREIGN = {
  traceparent: '00-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb-2222222222222222-01',
  tracestate: 'tenantb=secret',
};
const OWN_ADVANCE = { traceparent: '00-cccccccccccccccccccccccccccccccc-3333333333333333-01', tracestate: 'a=clock' };

let sb: TestSandbox;
let hooksA: WebhookReceiverHandle;
let hooksB: WebhookReceiverHandle;
let close: (() => Promise<void>) | undefined;
let consentId: string;
beforeAll(async () => {
  ({ sb, hooksA, hooksB, close } = await twoTenantSandbox(A, B));
  // A's customer's journey, in the journey session's trace (the journey pages' applications are the first token's).
  await triggerJourney(sb, { vendor: 'acme', ref: 'cust_a', traceparent: JOURNEY });
  consentId = ((await hooksA.next((h) => h.json.type === 'consent.authorised')).json.data as { consent_id: string })
    .consent_id;
  await hooksA.next((h) => h.json.type === 'crawl.completed');
  await sb.webhooksIdle();
});
afterAll(() => close?.());

const traceIdOf = (h: ReceivedWebhook) => {
  const p = parseTraceparent(h.headers.traceparent);
  return p.ok ? p.context.traceId : undefined;
};
const consentEvents = (hooks: ReceivedWebhook[]) => hooks.filter((h) => h.json.type.startsWith('consent.'));

it("B's clock advance, in B's trace, fires none of A's timers and lends A nothing of B's context", async () => {
  const before = hooksA.received.length;
  const res = await sb.request('POST', '/sandbox/v1/clock', { advance: '400d' }, { ...B, headers: FOREIGN });
  expect(res.status).toBe(200);
  await sb.webhooksIdle();
  expect(hooksA.received.slice(before).map((h) => h.json.type)).toEqual([]);
  for (const h of hooksA.received) {
    expect(traceIdOf(h)).toBe('a'.repeat(32));
    expect(h.headers.tracestate).toBeUndefined();
  }
});

it("A's own advance, in another trace, sends A's consent events in the application's trace, without its tracestate", async () => {
  const res = await sb.request('POST', '/sandbox/v1/clock', { advance: '400d' }, { ...A, headers: OWN_ADVANCE });
  expect(res.status).toBe(200);
  await hooksA.next((h) => h.json.type === 'consent.expired');
  await sb.webhooksIdle();
  const fired = consentEvents(hooksA.received).filter((h) => h.json.type !== 'consent.authorised');
  expect(fired.map((h) => h.json.type)).toEqual([
    'consent.expiring',
    'consent.expiring',
    'consent.expiring',
    'consent.expiring',
    'consent.expired',
  ]);
  for (const h of fired) {
    expect(traceIdOf(h)).toBe('a'.repeat(32));
    expect(h.headers.tracestate).toBeUndefined();
  }
});

it('the application kept its own trace: a later event with no request context of its own is still in it', async () => {
  // The renewal's calls carry no traceparent: its consent.renewed is in the application's context.
  await triggerRenewal(
    { url: sb.url, token: { id: A.tokenId, secret: A.secret } },
    {
      vendor: 'acme',
      ref: 'cust_a',
      consentId,
    },
  );
  const renewed = await hooksA.next((h) => h.json.type === 'consent.renewed');
  expect(traceIdOf(renewed)).toBe('a'.repeat(32));
  expect(renewed.headers.tracestate).toBeUndefined();
  // B's receiver never saw anything of A's.
  expect(hooksB.received.filter((h) => h.json.application_id !== undefined && traceIdOf(h) === 'a'.repeat(32))).toEqual(
    [],
  );
});
