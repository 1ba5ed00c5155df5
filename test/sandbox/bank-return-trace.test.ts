// The bank-return page, which the bank's redirect loads with no trace context of its own, is served the traceparent
// of the journey that opened its consent (its call then joins that trace: e2e/roundtrip/roundtrip.spec.ts, redirect
// strategy) — only for a consent of the customer in its path, so another customer's consent id discloses nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageConfig, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function openConsent(ref: string, headers: Record<string, string>): Promise<string> {
  const page = await sb.journey('acme', ref);
  await page.call('POST', 'start', { full_name: 'Alex Citizen', email: 'alex@example.com' }, headers);
  await page.call('POST', 'institution', { institution_id: 'sandbox-bank', pathway: 'cdr' }, headers);
  return (await page.call('POST', 'consent', {}, headers)).json.consent_id as string;
}

const bankReturnConfig = async (ref: string, consentId: string) =>
  pageConfig((await sb.raw('GET', `/i/acme/${ref}/bank-return?consent_id=${consentId}&status=authorised`)).text);

it("serves the bank-return page the traceparent of its consent's journey, and no other customer's", async () => {
  const traced = await openConsent('ret_traced', { traceparent: TRACEPARENT });
  const untraced = await openConsent('ret_untraced', {});
  expect((await bankReturnConfig('ret_traced', traced))?.traceparent).toBe(TRACEPARENT);
  // Beside the ids the page needs, nothing: the customer's details the journey was started with are not in the page.
  const page = (await sb.raw('GET', `/i/acme/ret_traced/bank-return?consent_id=${traced}&status=authorised`)).text;
  expect(Object.keys(pageConfig(page) ?? {}).sort()).toEqual(['apiBase', 'ref', 'session', 'traceparent', 'vendor']);
  expect(page).not.toMatch(/Alex Citizen|alex@example\.com/);
  // Another customer's consent id in the path of this one: nothing of the other trace.
  expect(await bankReturnConfig('ret_untraced', traced)).not.toHaveProperty('traceparent');
  expect(await bankReturnConfig('ret_traced', 'cns_unknown')).not.toHaveProperty('traceparent');
  // A journey that sent none: no trace yet (the application makes its own at its first event).
  expect(await bankReturnConfig('ret_untraced', untraced)).not.toHaveProperty('traceparent');
});
