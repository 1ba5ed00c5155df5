// Attack: a token registers a webhook receiver for another token's deliveries
// (POST /api/v1/webhooks { url, token_id: <someone else's token> }) to receive every event, signed with the other
// token's secret. A registration receives only its own token's applications' events, signed with its own secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRequest } from '../../src/server/testing.js';
import {
  approveConsent,
  startTestSandbox,
  startWebhookReceiver,
  type TestSandbox,
  type WebhookReceiverHandle,
} from '../support/sandbox.js';

const VICTIM = { tokenId: 'victim_token', secret: 'victim_secret' };
const ATTACKER = { tokenId: 'attacker_token', secret: 'attacker_secret' };
let sb: TestSandbox;
let victimHooks: WebhookReceiverHandle;
let attackerHooks: WebhookReceiverHandle;
beforeAll(async () => {
  sb = await startTestSandbox({ tokens: [VICTIM, ATTACKER] });
  victimHooks = await startWebhookReceiver();
  attackerHooks = await startWebhookReceiver();
});
afterAll(async () => {
  await sb.close();
  await victimHooks.close();
  await attackerHooks.close();
});

async function crawl(token: typeof VICTIM, ref: string): Promise<void> {
  const as = { tokenId: token.tokenId, secret: token.secret };
  expect(
    (
      await sb.request(
        'POST',
        `/api/v1/acme/${ref}/profile`,
        { full_name: 'Vic Tim', email: 'vic@example.com', bank_id: 'sandbox-bank', pathway: 'cdr' },
        as,
      )
    ).status,
  ).toBe(201);
  const consent = await sb.request('POST', `/api/v1/acme/${ref}/consents`, {}, as);
  await approveConsent(sb.url, consent.json.consent_url, 'approve');
  await sb.waitForStatus('acme', ref, 'crawled');
}

describe('sandbox webhooks: receiver ownership', () => {
  it("registering a receiver for another token's deliveries is refused", async () => {
    const res = await sb.request(
      'POST',
      '/api/v1/webhooks',
      { url: attackerHooks.url, token_id: VICTIM.tokenId },
      ATTACKER,
    );
    expect(res.status, res.text).toBe(422);
    expect(res.json.error.code).toBe('VALIDATION_FAILED');
    expect(res.json.error.fields).toEqual([{ path: 'token_id', message: expect.stringMatching(/signs this request/) }]);
  });

  it("a registration receives only its own token's events, signed with its own secret", async () => {
    expect((await sb.request('POST', '/api/v1/webhooks', { url: victimHooks.url }, VICTIM)).status).toBe(201);
    expect((await sb.request('POST', '/api/v1/webhooks', { url: attackerHooks.url }, ATTACKER)).json).toMatchObject({
      token_id: ATTACKER.tokenId,
    });
    await crawl(VICTIM, 'victim_app');
    await crawl(ATTACKER, 'attacker_app');
    await sb.webhooksIdle();

    expect(victimHooks.received.length).toBeGreaterThan(0);
    expect(attackerHooks.received.length).toBeGreaterThan(0);
    const refs = (hooks: WebhookReceiverHandle) => [
      ...new Set(hooks.received.map((h) => (h.json as { ref?: string }).ref)),
    ];
    expect(refs(victimHooks)).toEqual(['victim_app']);
    expect(refs(attackerHooks)).toEqual(['attacker_app']);
    for (const [hooks, token] of [
      [victimHooks, VICTIM],
      [attackerHooks, ATTACKER],
    ] as const) {
      for (const hook of hooks.received) {
        await expect(
          verifyRequest({ method: 'POST', path: hook.path, headers: hook.headers, body: hook.body, keys: [token] }),
        ).resolves.toEqual({ tokenId: token.tokenId });
      }
    }
  });
});
