// Attack: one token reads another token's application. With its own valid signature, token B asks for token A's
// applicant (profile at the same vendor/ref), downloads A's bundle (accounts, transactions) and creates a consent with
// its own redirect_uri on A's application. An application belongs to the token that created it: every other token
// gets exactly the answer it would get if the application did not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveConsent, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const OWNER = { tokenId: 'owner_token', secret: 'owner_secret' };
const OTHER = { tokenId: 'other_token', secret: 'other_secret' };
let sb: TestSandbox;
let ownerApp: string;
beforeAll(async () => {
  sb = await startTestSandbox({ tokens: [OWNER, OTHER] });
  const res = await sb.request(
    'POST',
    '/api/v1/acme/own_1/profile',
    { full_name: 'Olive Owner', email: 'olive@example.com', bank_id: 'sandbox-bank', pathway: 'cdr' },
    OWNER,
  );
  ownerApp = res.json.application_id;
  const consent = await sb.request('POST', '/api/v1/acme/own_1/consents', {}, OWNER);
  await approveConsent(sb.url, consent.json.consent_url, 'approve');
  await sb.waitForStatus('acme', 'own_1', 'crawled');
  expect((await sb.request('POST', '/api/v1/acme/own_1/finalise', {}, OWNER)).status).toBe(200);
});
afterAll(() => sb.close());

/** An error answer with ids and request ids blanked, to compare two answers. */
const shape = (res: { status: number; json: any }) => ({
  status: res.status,
  code: res.json?.error?.code,
  message: String(res.json?.error?.message ?? '').replace(/app_[0-9a-f]+|own_1|never_1/g, 'X'),
});

describe("another token's application is as if it did not exist", () => {
  it('bundle download: 404 APPLICATION_NOT_FOUND, as for an unknown id', async () => {
    expect(
      (await sb.request('GET', `/api/v1/applications/${ownerApp}/bundle?format=json`, undefined, OWNER)).status,
    ).toBe(200);
    for (const format of ['json', 'csv', 'pdf']) {
      const foreign = await sb.request(
        'GET',
        `/api/v1/applications/${ownerApp}/bundle?format=${format}`,
        undefined,
        OTHER,
      );
      const unknown = await sb.request(
        'GET',
        `/api/v1/applications/app_000000000000000000000000/bundle?format=${format}`,
        undefined,
        OTHER,
      );
      expect(shape(foreign)).toEqual(shape(unknown));
      expect(foreign.status).toBe(404);
      expect(foreign.text).not.toContain('Olive');
    }
  });

  it('consent creation with its own redirect_uri: 409 APPLICATION_NOT_STARTED, as for a ref never used', async () => {
    const body = { redirect_uri: 'https://evil.example/cb' };
    const foreign = await sb.request('POST', '/api/v1/acme/own_1/consents', body, OTHER);
    const never = await sb.request('POST', '/api/v1/acme/never_1/consents', body, OTHER);
    expect(shape(foreign)).toEqual(shape(never));
    expect(foreign.status).toBe(409);
  });

  it('finalise: the same answer as for a ref never used', async () => {
    const foreign = await sb.request('POST', '/api/v1/acme/own_1/finalise', {}, OTHER);
    const never = await sb.request('POST', '/api/v1/acme/never_1/finalise', {}, OTHER);
    expect(shape(foreign)).toEqual(shape(never));
  });

  it('profile (the read): starts the other token’s own application, never shows the owner’s applicant', async () => {
    const foreign = await sb.request('POST', '/api/v1/acme/own_1/profile', {}, OTHER);
    const never = await sb.request('POST', '/api/v1/acme/never_2/profile', {}, OTHER);
    expect(foreign.status).toBe(never.status);
    expect(foreign.status).toBe(201);
    expect(Object.keys(foreign.json).sort()).toEqual(Object.keys(never.json).sort());
    expect(foreign.json.application_id).not.toBe(ownerApp);
    expect(foreign.text).not.toContain('Olive');
    expect(foreign.text).not.toContain('olive@example.com');
    // The owner's application is untouched.
    const own = await sb.request('POST', '/api/v1/acme/own_1/profile', {}, OWNER);
    expect(own.status).toBe(200);
    expect(own.json.application_id).toBe(ownerApp);
    expect(['finalised', 'report_ready']).toContain(own.json.status);
  });
});
