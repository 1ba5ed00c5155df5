// The journey origin's bank-redirect endpoint over real HTTP: the one URL the widget sends the integrator's page to.
// It must answer a 302 to the consent's own bank page, and for anything else an error page with no Location.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveConsent, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
let consent: { consent_id: string; consent_url: string };
beforeAll(async () => {
  sb = await startTestSandbox();
  for (const ref of ['cust_1', 'cust_2']) {
    const res = await sb.request('POST', `/api/v1/acme/${ref}/profile`, {
      full_name: 'Alex Citizen',
      email: 'alex@example.com',
      bank_id: 'cdr-only-bank',
      pathway: 'cdr',
    });
    expect(res.status).toBeLessThan(300);
  }
  consent = (await sb.request('POST', '/api/v1/acme/cust_1/consents', {})).json;
});
afterAll(() => sb.close());

describe('GET /bank-redirect/{vendor}/{ref}/{consentId}', () => {
  it('302 to the consent’s bank page, never cached, no Referer passed on', async () => {
    const res = await sb.raw('GET', `/bank-redirect/acme/cust_1/${consent.consent_id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(consent.consent_url);
    expect(new URL(res.headers.get('location')!).origin).toBe(sb.url);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('ignores anything else in the request: a query or a Referer naming another site changes nothing', async () => {
    const res = await sb.raw(
      'GET',
      `/bank-redirect/acme/cust_1/${consent.consent_id}?url=https://evil.example/phish&return_to=https://evil.example`,
      {
        headers: { referer: 'https://evil.example/' },
      },
    );
    expect(res.headers.get('location')).toBe(consent.consent_url);
  });

  it.each([
    ['an unknown consent', '/bank-redirect/acme/cust_1/cns_forged', 404, 'CONSENT_NOT_FOUND'],
    ['another customer’s consent', () => `/bank-redirect/acme/cust_2/${consent.consent_id}`, 404, 'CONSENT_NOT_FOUND'],
    ['another vendor', () => `/bank-redirect/other/cust_1/${consent.consent_id}`, 404, 'CONSENT_NOT_FOUND'],
    ['an unknown customer', () => `/bank-redirect/acme/nobody/${consent.consent_id}`, 404, 'CONSENT_NOT_FOUND'],
    [
      'a path-traversal consent id',
      '/bank-redirect/acme/cust_1/..%2F..%2Fbank%2Fcdr-only-bank',
      404,
      'CONSENT_NOT_FOUND',
    ],
    [
      'an encoded URL as the consent id',
      `/bank-redirect/acme/cust_1/${encodeURIComponent('https://evil.example/phish')}`,
      404,
      'CONSENT_NOT_FOUND',
    ],
    ['too few segments', '/bank-redirect/acme/cust_1', 404, 'CONSENT_NOT_FOUND'],
    ['too many segments', () => `/bank-redirect/acme/cust_1/${consent.consent_id}/x`, 404, 'CONSENT_NOT_FOUND'],
  ])('%s → an error page, no Location', async (_name, path, status, code) => {
    const res = await sb.raw('GET', typeof path === 'function' ? path() : path);
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain(`data-code="${code}"`);
  });

  it('a decided consent → 409, no Location (the customer cannot be sent back to a used consent)', async () => {
    await sb.request('POST', '/api/v1/acme/cust_2/profile', { bank_id: 'cdr-only-bank', pathway: 'cdr' });
    const c = (await sb.request('POST', '/api/v1/acme/cust_2/consents', {})).json;
    await approveConsent(sb.url, c.consent_url, 'deny');
    const res = await sb.raw('GET', `/bank-redirect/acme/cust_2/${c.consent_id}`);
    expect(res.status).toBe(409);
    expect(res.headers.get('location')).toBeNull();
    expect(res.text).toContain('data-code="CONSENT_ALREADY_DECIDED"');
  });
});
