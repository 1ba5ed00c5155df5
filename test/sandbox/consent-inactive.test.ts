// A data pull under a consent that ended: the client throws ConsentInactiveError naming the consent and its status
// (expired or revoked), an ApiError with the service's code; a 409 with the same code but no consent in its body stays
// a plain ApiError. And docs/consents.md's rule: an expired consent can be renewed (same accounts, data flows again), a
// revoked one cannot.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  ConsentInactiveError,
  createClient,
  isApiError,
  isHostedJourneyServerError,
  type HostedJourneyClient,
} from '../../src/server/index.js';
import {
  expireConsent,
  revokeAtBank,
  startTestSandbox,
  triggerJourney,
  triggerRenewal,
  type TestSandbox,
} from '../../src/sandbox/testing/index.js';

let sb: TestSandbox;
let client: HostedJourneyClient;

beforeAll(async () => {
  sb = await startTestSandbox();
  client = createClient({ baseUrl: sb.url, tokenId: sb.token.id, signingSecret: sb.token.secret });
});
afterAll(() => sb?.close());

/** A customer with an authorised, crawled consent; answers it as listConsents shows it. */
async function connected(ref: string) {
  const run = await triggerJourney(sb, { vendor: 'acme', ref });
  const [consent] = (await client.listConsents({ vendor: 'acme', ref })).consents;
  expect(consent).toMatchObject({ status: 'active' });
  return { applicationId: run.applicationId, consent: consent! };
}

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('ConsentInactiveError', () => {
  it('finalise after expiry: CONSENT_EXPIRED, 409, naming the consent and its status expired', async () => {
    const { consent } = await connected('inactive_exp');
    await expireConsent(sb, consent.consent_id);
    const e = await caught(client.finalise({ vendor: 'acme', ref: 'inactive_exp' }));
    expect(e).toBeInstanceOf(ConsentInactiveError);
    expect(e).toBeInstanceOf(ApiError);
    const err = e as ConsentInactiveError;
    expect(err.name).toBe('ConsentInactiveError');
    expect(err).toMatchObject({ status: 409, code: 'CONSENT_EXPIRED', consentId: consent.consent_id });
    expect(err.consentStatus).toBe('expired');
    expect(err.message).toContain(consent.consent_id);
    expect(isApiError(err) && isHostedJourneyServerError(err)).toBe(true);
  });

  it('a bundle after the bank revoked it: CONSENT_REVOKED naming the consent and its status revoked', async () => {
    const { applicationId, consent } = await connected('inactive_rev');
    await client.finalise({ vendor: 'acme', ref: 'inactive_rev' });
    await revokeAtBank(sb, { vendor: 'acme', ref: 'inactive_rev', consentId: consent.consent_id });
    const e = await caught(client.downloadBundle({ id: applicationId, format: 'json' }));
    expect(e).toBeInstanceOf(ConsentInactiveError);
    expect(e).toMatchObject({
      name: 'ConsentInactiveError',
      status: 409,
      code: 'CONSENT_REVOKED',
      consentId: consent.consent_id,
      consentStatus: 'revoked',
    });
  });

  it('a 409 CONSENT_EXPIRED whose body names no consent stays a plain ApiError (nothing invented)', async () => {
    const server: Server = createServer((_req, res) => {
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'CONSENT_EXPIRED', message: 'ended', request_id: 'req_1' } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const bare = createClient({ baseUrl: url, tokenId: 't', signingSecret: 's', retry: false });
      const e = await caught(bare.finalise({ vendor: 'acme', ref: 'x' }));
      expect(e).toBeInstanceOf(ApiError);
      expect(e).not.toBeInstanceOf(ConsentInactiveError);
      expect(e).toMatchObject({ name: 'ApiError', code: 'CONSENT_EXPIRED', status: 409, requestId: 'req_1' });
    } finally {
      server.close();
    }
  });
});

describe('docs/consents.md: an expired consent can be renewed, a revoked one cannot', () => {
  it('expired → renewed: the same consent, active, same accounts, a later date, and finalise works again', async () => {
    const { consent } = await connected('renew_expired');
    await expireConsent(sb, consent.consent_id);
    const [ended] = (await client.listConsents({ vendor: 'acme', ref: 'renew_expired' })).consents;
    expect(ended).toMatchObject({ status: 'expired' });
    await expect(client.finalise({ vendor: 'acme', ref: 'renew_expired' })).rejects.toThrow(ConsentInactiveError);
    await triggerRenewal(sb, { vendor: 'acme', ref: 'renew_expired', consentId: consent.consent_id });
    const [after] = (await client.listConsents({ vendor: 'acme', ref: 'renew_expired' })).consents;
    expect(after).toMatchObject({ consent_id: consent.consent_id, status: 'active', account_ids: consent.account_ids });
    const moved = Date.parse(after!.sharing_expires_at!) - Date.parse(ended!.sharing_expires_at!);
    expect(moved).toBeGreaterThanOrEqual(365 * 86_400_000);
    await expect(client.finalise({ vendor: 'acme', ref: 'renew_expired' })).resolves.toBeDefined();
  });

  it('revoked → a renewal is refused with 409 CONSENT_NOT_ACTIVE and the consent stays revoked', async () => {
    const { consent } = await connected('renew_revoked');
    await client.revokeConsent({ vendor: 'acme', ref: 'renew_revoked', consent_id: consent.consent_id });
    const before = (await client.listConsents({ vendor: 'acme', ref: 'renew_revoked' })).consents;
    const e = await caught(client.renewConsent({ vendor: 'acme', ref: 'renew_revoked', renews: consent.consent_id }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).not.toBeInstanceOf(ConsentInactiveError);
    expect(e).toMatchObject({ status: 409, code: 'CONSENT_NOT_ACTIVE' });
    expect((await client.listConsents({ vendor: 'acme', ref: 'renew_revoked' })).consents).toEqual(before);
    expect(before[0]).toMatchObject({ status: 'revoked', revoked_by: 'integrator' });
  });
});
