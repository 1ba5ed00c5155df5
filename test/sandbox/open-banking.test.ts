// The open-banking endpoints over real HTTP: happy paths, validation, ordering and idempotency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationResponse, consentResponse, finaliseResponse } from '../../src/protocol/index.js';
import { approveConsent, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const expectError = (res: { status: number; json: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.error.code).toBe(code);
};

describe('POST /api/v1/{vendor}/{ref}/profile', () => {
  it('starts an application (201), then returns the same one (200); attaching keeps the response shape', async () => {
    const first = await sb.request('POST', '/api/v1/acme/p_1/profile', {
      full_name: 'Alex Citizen',
      email: 'alex@example.com',
      days_to_retrieve: 120,
    });
    expect(first.status).toBe(201);
    expect(applicationResponse.safeParse(first.json).success).toBe(true);
    expect(first.json).toMatchObject({
      vendor: 'acme',
      ref: 'p_1',
      status: 'started',
      institution: null,
      journey_url: `${sb.url}/i/acme/p_1`,
    });
    const again = await sb.request('POST', '/api/v1/acme/p_1/profile', { phone: '+61400000000' });
    expect(again.status).toBe(200);
    expect(again.json.application_id).toBe(first.json.application_id);
    const cdr = await sb.request('POST', '/api/v1/acme/p_1/profile', { bank_id: 'sandbox-bank', pathway: 'cdr' });
    const crawler = await sb.request('POST', '/api/v1/acme/p_1/profile', {
      bank_id: 'sandbox-bank',
      pathway: 'crawler',
    });
    expect(Object.keys(cdr.json).sort()).toEqual(Object.keys(crawler.json).sort());
    expect(cdr.json.institution).toEqual({ id: 'sandbox-bank', name: 'Sandbox Bank', pathway: 'cdr' });
    expect(crawler.json.institution.pathway).toBe('crawler');
    expect(crawler.json.status).toBe('institution_selected');
    for (const answer of [again, cdr, crawler]) expect(answer.json.journey_url).toBe(`${sb.url}/i/acme/p_1`);
  });

  it('422 with field errors for a bad body', async () => {
    const res = await sb.request('POST', '/api/v1/acme/p_2/profile', { email: 'not-an-email', days_to_retrieve: 0 });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(res.json.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['days_to_retrieve', 'email']);
  });

  it('422 for an unknown bank or a pathway the bank does not offer', async () => {
    expectError(
      await sb.request('POST', '/api/v1/acme/p_3/profile', { bank_id: 'no-such-bank' }),
      422,
      'VALIDATION_FAILED',
    );
    const res = await sb.request('POST', '/api/v1/acme/p_3/profile', { bank_id: 'cdr-only-bank', pathway: 'crawler' });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(res.json.error.fields[0].path).toBe('pathway');
  });

  it('400 INVALID_JSON for a body that is not JSON', async () => {
    expectError(await sb.request('POST', '/api/v1/acme/p_4/profile', '{"full_name":'), 400, 'INVALID_JSON');
  });

  it('405 for the wrong method on a known endpoint, 404 for an unknown path', async () => {
    expectError(await sb.request('GET', '/api/v1/acme/p_4/profile'), 405, 'METHOD_NOT_ALLOWED');
    expectError(await sb.request('GET', '/api/v1/nothing'), 404, 'NOT_FOUND');
  });
});

describe('POST …/consents', () => {
  it('409 APPLICATION_NOT_STARTED before the application exists', async () => {
    expectError(
      await sb.request('POST', '/api/v1/acme/c_0/consents', { bank_id: 'sandbox-bank' }),
      409,
      'APPLICATION_NOT_STARTED',
    );
  });

  it('409 NO_INSTITUTION when no bank is attached or given; 409 PATHWAY_MISMATCH for a crawler application', async () => {
    await sb.request('POST', '/api/v1/acme/c_1/profile', { full_name: 'A B' });
    expectError(await sb.request('POST', '/api/v1/acme/c_1/consents', {}), 409, 'NO_INSTITUTION');
    await sb.request('POST', '/api/v1/acme/c_1/profile', { bank_id: 'crawler-credit-union' });
    expectError(await sb.request('POST', '/api/v1/acme/c_1/consents', {}), 409, 'PATHWAY_MISMATCH');
  });

  it('returns a consent_url on the bank page; approval redirects to redirect_uri with consent_id, status and state', async () => {
    await sb.request('POST', '/api/v1/acme/c_2/profile', { full_name: 'A B', email: 'a@example.com' });
    const res = await sb.request('POST', '/api/v1/acme/c_2/consents', {
      bank_id: 'cdr-only-bank',
      redirect_uri: 'https://integrator.example/back?x=1',
      state: 'st_42',
    });
    expect(res.status).toBe(201);
    expect(consentResponse.safeParse(res.json).success).toBe(true);
    expect(res.json.consent_url).toBe(`${sb.url}/bank/cdr-only-bank/authorise?consent_id=${res.json.consent_id}`);
    const location = new URL(await approveConsent(sb.url, res.json.consent_url, 'approve'));
    expect(location.origin + location.pathname).toBe('https://integrator.example/back');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      x: '1',
      consent_id: res.json.consent_id,
      status: 'authorised',
      state: 'st_42',
    });
    await sb.waitForStatus('acme', 'c_2', 'crawled');
  });

  it('defaults the return to the journey bank-return page; a denial marks the application denied', async () => {
    await sb.request('POST', '/api/v1/acme/c_3/profile', { bank_id: 'sandbox-bank' });
    const res = await sb.request('POST', '/api/v1/acme/c_3/consents', {});
    const location = new URL(await approveConsent(sb.url, res.json.consent_url, 'deny'));
    expect(location.pathname).toBe('/i/acme/c_3/bank-return');
    expect(location.searchParams.get('status')).toBe('denied');
    await sb.waitForStatus('acme', 'c_3', 'denied');
  });

  it('422 for a redirect_uri that is not http(s)', async () => {
    await sb.request('POST', '/api/v1/acme/c_4/profile', { bank_id: 'sandbox-bank' });
    expectError(
      await sb.request('POST', '/api/v1/acme/c_4/consents', { redirect_uri: 'javascript:alert(1)' }),
      422,
      'VALIDATION_FAILED',
    );
  });
});

describe('POST …/finalise and GET …/bundle', () => {
  it('409 DATA_NOT_RETRIEVED before the crawl finished; 409 APPLICATION_NOT_STARTED for no application', async () => {
    expectError(await sb.request('POST', '/api/v1/acme/f_0/finalise', {}), 409, 'APPLICATION_NOT_STARTED');
    await sb.request('POST', '/api/v1/acme/f_1/profile', { bank_id: 'sandbox-bank' });
    expectError(await sb.request('POST', '/api/v1/acme/f_1/finalise', {}), 409, 'DATA_NOT_RETRIEVED');
  });

  it('finalises after the crawl (repeat is harmless), then serves the bundle; 409 REPORT_NOT_READY before', async () => {
    const id = await sb.driveToCrawled('acme', 'f_2');
    expectError(await sb.request('GET', `/api/v1/applications/${id}/bundle?format=json`), 409, 'REPORT_NOT_READY');
    const fin = await sb.request('POST', '/api/v1/acme/f_2/finalise', {});
    expect(fin.status).toBe(200);
    expect(finaliseResponse.safeParse(fin.json).success).toBe(true);
    expect((await sb.request('POST', '/api/v1/acme/f_2/finalise', {})).status).toBe(200);
    await sb.waitForStatus('acme', 'f_2', 'report_ready');
    const bundle = await sb.request('GET', `/api/v1/applications/${id}/bundle?format=json`);
    expect(bundle.status).toBe(200);
    expect(bundle.json.application_id).toBe(id);
    expect(bundle.json.transactions.length).toBeGreaterThanOrEqual(200);
  });

  it('404 APPLICATION_NOT_FOUND for an unknown id, 422 for an unknown format', async () => {
    expectError(
      await sb.request('GET', '/api/v1/applications/app_unknown/bundle?format=pdf'),
      404,
      'APPLICATION_NOT_FOUND',
    );
    const res = await sb.request('GET', '/api/v1/applications/app_unknown/bundle?format=xml');
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(res.json.error.fields[0].path).toBe('format');
  });

  it('409 INSTITUTION_LOCKED when changing the bank after data was retrieved', async () => {
    await sb.driveToCrawled('acme', 'f_3');
    expectError(
      await sb.request('POST', '/api/v1/acme/f_3/profile', { bank_id: 'cdr-only-bank' }),
      409,
      'INSTITUTION_LOCKED',
    );
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored response for the same key and body, refuses the key with another body', async () => {
    const headers = { 'idempotency-key': 'key-123' };
    const a = await sb.request('POST', '/api/v1/acme/i_1/profile', { full_name: 'First' }, { headers });
    const b = await sb.request('POST', '/api/v1/acme/i_1/profile', { full_name: 'First' }, { headers });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201); // the stored response, not a fresh 200
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(b.json).toEqual(a.json);
    expectError(
      await sb.request('POST', '/api/v1/acme/i_1/profile', { full_name: 'Second' }, { headers }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('does not store refusals: the same key succeeds once the precondition holds', async () => {
    const headers = { 'idempotency-key': 'key-consent' };
    expectError(await sb.request('POST', '/api/v1/acme/i_2/consents', {}, { headers }), 409, 'APPLICATION_NOT_STARTED');
    await sb.request('POST', '/api/v1/acme/i_2/profile', { bank_id: 'sandbox-bank' });
    expect((await sb.request('POST', '/api/v1/acme/i_2/consents', {}, { headers })).status).toBe(201);
  });
});

describe('POST /api/v1/webhooks', () => {
  it('registers a receiver (201) and refuses an unknown token or a bad URL (422)', async () => {
    const ok = await sb.request('POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hooks' });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ url: 'http://127.0.0.1:9/hooks', token_id: 'sandbox_token' });
    expectError(
      await sb.request('POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', token_id: 'nope' }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(await sb.request('POST', '/api/v1/webhooks', { url: 'ftp://x' }), 422, 'VALIDATION_FAILED');
  });
});

describe('limits', () => {
  it('413 PAYLOAD_TOO_LARGE for a body over 1 MiB', async () => {
    const res = await sb.request('POST', '/api/v1/acme/l_1/profile', { full_name: 'x'.repeat(1_100_000) });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});
