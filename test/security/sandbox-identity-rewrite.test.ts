// Attack: rewrite a finished application's customer. The journey page's session credential costs one GET of
// /i/{vendor}/{ref}; with it, `start` could overwrite name, e-mail and phone at any status, and the signed API and
// the bundle's `customer` would then show someone else. Once the application has moved past `started`, the
// applicant is fixed for the journey: a start that changes it answers 409 IDENTITY_LOCKED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveConsent, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => void (sb = await startTestSandbox()));
afterAll(() => sb.close());

const VICTIM = { full_name: 'Vic Tim', email: 'vic@example.com', phone: '0400000000' };
const ATTACKER = { full_name: 'Mallory', email: 'mallory@evil.example' };

describe('the applicant cannot be rewritten once the application moved on', () => {
  it('a fresh page credential cannot change a finalised application’s customer; the bundle keeps the applicant', async () => {
    const created = await sb.request('POST', '/api/v1/acme/id_1/profile', {
      ...VICTIM,
      bank_id: 'sandbox-bank',
      pathway: 'cdr',
    });
    expect(created.status).toBe(201);
    const consent = await sb.request('POST', '/api/v1/acme/id_1/consents', {});
    await approveConsent(sb.url, consent.json.consent_url, 'approve');
    await sb.waitForStatus('acme', 'id_1', 'crawled');
    await sb.request('POST', '/api/v1/acme/id_1/finalise', {});

    const attacker = await sb.journey('acme', 'id_1');
    const res = await attacker.call('POST', 'start', ATTACKER);
    expect(res.status, res.text).toBe(409);
    expect(res.json.error.code).toBe('IDENTITY_LOCKED');
    expect(res.json.error.message).toMatch(/full_name, email/);

    const bundle = await sb.request('GET', `/api/v1/applications/${created.json.application_id}/bundle?format=json`);
    expect(bundle.status).toBe(200);
    expect(JSON.stringify(bundle.json)).toContain('Vic Tim');
    expect(bundle.text).not.toContain('Mallory');
  });

  it('the owner’s signed profile call may still correct its own applicant (the token proves who asks)', async () => {
    await sb.request('POST', '/api/v1/acme/id_2/profile', { ...VICTIM, bank_id: 'sandbox-bank', pathway: 'cdr' });
    const res = await sb.request('POST', '/api/v1/acme/id_2/profile', { email: 'vic.tim@example.com' });
    expect(res.status, res.text).toBe(200);
  });

  it('the same details again are accepted (a customer who goes back through the details step)', async () => {
    const page = await sb.journey('acme', 'id_3');
    expect((await page.call('POST', 'start', VICTIM)).status).toBe(201);
    expect((await page.call('POST', 'institution', { institution_id: 'sandbox-bank', pathway: 'cdr' })).status).toBe(
      200,
    );
    const again = await page.call('POST', 'start', VICTIM);
    expect(again.status, again.text).toBe(200);
  });

  it('while the application is only started, the customer may still correct their details', async () => {
    const page = await sb.journey('acme', 'id_4');
    expect((await page.call('POST', 'start', VICTIM)).status).toBe(201);
    const corrected = await page.call('POST', 'start', { ...VICTIM, email: 'vic.tim@example.com' });
    expect(corrected.status, corrected.text).toBe(200);
  });
});
