// Attack: the sandbox's journey API answering anyone, where an unsigned POST to /journey-api/acme/cust_42/start
// returns the applicant's stored phone, then overwrites their name and email. Every journey-API call needs the
// session credential of a page load bound to that vendor + ref (+ parent origin), and answers no more than the page
// shows. Real HTTP against a real startSandbox() on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNEY_SESSION_HEADER, loadJourneyPage, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const PHONE = '+61 400 111 222';
let sb: TestSandbox;
let headers: Record<string, string>;
beforeAll(async () => {
  sb = await startTestSandbox();
  headers = { 'content-type': 'application/json', origin: sb.url };
  // The integrator starts the application server-side with the customer's details.
  const res = await sb.request('POST', '/api/v1/acme/cust_42/profile', {
    full_name: 'Real Customer',
    email: 'real@example.com',
    phone: PHONE,
  });
  expect(res.status).toBe(201);
});
afterAll(() => sb.close());

const storedDetails = async () => {
  const res = await sb.request('POST', '/api/v1/acme/cust_42/profile', {});
  return { full_name: res.json.full_name, email: res.json.email, phone: res.json.phone };
};
const expect401 = (res: { status: number; json: any; text: string }) => {
  expect(res.status, res.text).toBe(401);
  expect(res.json.error).toMatchObject({ code: 'INVALID_SESSION', request_id: expect.stringMatching(/^req_/) });
  expect(res.text).not.toContain(PHONE);
  expect(res.text).not.toContain('real@example.com');
};

describe('sandbox journey API: session credential', () => {
  it('unsigned start without a session credential: 401, no PII, nothing overwritten', async () => {
    const res = await sb.raw('POST', '/journey-api/acme/cust_42/start', {
      headers,
      body: JSON.stringify({ full_name: 'Eve Attacker', email: 'eve@evil.example' }),
    });
    expect401(res);
    expect(await storedDetails()).toEqual({ full_name: 'Real Customer', email: 'real@example.com', phone: PHONE });
  });

  it.each([
    ['GET', 'status'],
    ['POST', 'institution'],
    ['POST', 'consent'],
    ['POST', 'crawler/login'],
    ['POST', 'crawler/otp'],
    ['GET', 'consents/cns_x'],
  ] as const)('every route refuses a call without the credential: %s %s', async (method, action) => {
    expect401(
      await sb.raw(method, `/journey-api/acme/cust_42/${action}`, {
        headers,
        ...(method === 'POST' ? { body: '{}' } : {}),
      }),
    );
  });

  it('the institutions list needs a credential too', async () => {
    expect401(await sb.raw('GET', '/journey-api/institutions', { headers }));
    const page = await sb.journey('acme', 'cust_1');
    const res = await sb.raw('GET', '/journey-api/institutions', {
      headers: { ...headers, [JOURNEY_SESSION_HEADER]: page.session! },
    });
    expect(res.status).toBe(200);
  });

  it("another page's credential (another ref, another vendor) is 401", async () => {
    for (const [vendor, ref] of [
      ['acme', 'cust_other'],
      ['globex', 'cust_42'],
    ] as const) {
      const other = await sb.journey(vendor, ref);
      expect(other.session).toEqual(expect.any(String));
      const res = await sb.raw('POST', '/journey-api/acme/cust_42/start', {
        headers: { ...headers, [JOURNEY_SESSION_HEADER]: other.session! },
        body: JSON.stringify({ full_name: 'Eve Attacker', email: 'eve@evil.example' }),
      });
      expect401(res);
    }
    expect(await storedDetails()).toMatchObject({ full_name: 'Real Customer' });
  });

  it('a tampered or garbage credential is 401', async () => {
    const { session } = await sb.journey('acme', 'cust_42');
    const flipped = session!.slice(0, -2) + (session!.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [flipped, 'x', '', 'a.b.c', `${session}x`]) {
      expect401(
        await sb.raw('GET', '/journey-api/acme/cust_42/status', {
          headers: { ...headers, [JOURNEY_SESSION_HEADER]: bad },
        }),
      );
    }
  });

  it("the bank-return page's credential only reads consents: it cannot start or change the application", async () => {
    const back = await sb.journey('acme', 'cust_42', { page: 'bank-return' });
    expect(back.session).toEqual(expect.any(String));
    expect401(await back.call('POST', 'start', { full_name: 'Eve Attacker', email: 'eve@evil.example' }));
    expect401(await back.call('GET', 'status'));
    expect((await back.call('GET', 'consents/cns_unknown')).status).toBe(404);
  });

  it("with the page's own credential, start answers only what the page shows (no stored phone or email)", async () => {
    const page = await sb.journey('acme', 'cust_42');
    expect(page.page.text).not.toContain(PHONE);
    const res = await page.call('POST', 'start', { full_name: 'Real Customer', email: 'real@example.com' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['application_id', 'institution', 'status']);
    expect(res.text).not.toContain(PHONE);
    const inst = await page.call('POST', 'institution', { institution_id: 'sandbox-bank', pathway: 'cdr' });
    expect(Object.keys(inst.json).sort()).toEqual(['application_id', 'institution', 'status']);
    expect(inst.text).not.toContain(PHONE);
    expect(inst.text).not.toContain('real@example.com');
  });

  it('a credential expires', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const clocked = await startTestSandbox({ now: () => now });
    try {
      const page = await loadJourneyPage(clocked.url, 'acme', 'exp_1');
      expect((await page.call('POST', 'start', { full_name: 'E', email: 'e@example.com' })).status).toBe(201);
      now = new Date(now.getTime() + 3 * 3600_000);
      const res = await page.call('GET', 'status');
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('INVALID_SESSION');
      expect(res.json.error.message).toMatch(/expired/);
    } finally {
      await clocked.close();
    }
  });
});
