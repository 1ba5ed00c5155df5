// The webhook functions run synchronously inside on the Node provider (one Promise at the edge, no nested awaits), so
// every failure must still arrive as a rejection, never as a synchronous throw.
import { describe, expect, it } from 'vitest';
import { entries } from '../support/providers.js';

const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ev = {
  event_id: 'evt_async',
  type: 'application.completed',
  created_at: '2026-11-22T00:00:00Z',
  vendor: 'acme',
  ref: 'c1',
  data: {},
};

describe.each(entries)('$name: failures are rejections', ({ api }) => {
  const settle = (fn: () => Promise<unknown>) => {
    let r: Promise<unknown>;
    expect(() => (r = fn())).not.toThrow();
    return r!.then(
      () => 'resolved',
      (e: { name?: string; code?: string }) => `${e.name}:${e.code ?? ''}`,
    );
  };

  it("'standard' signing takes the secret of each call, whichever it signed with before", async () => {
    const OTHER = 'whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=';
    for (const secret of [WHSEC, OTHER, WHSEC, WHSEC, OTHER]) {
      const signed = await api.signWebhook({ payload: ev, scheme: 'standard', secret });
      const keys = [{ tokenId: 'std', secret }];
      await expect(api.verifyWebhookSignature({ ...signed, keys, scheme: 'standard' })).resolves.toBeTruthy();
      const wrong = [{ tokenId: 'std', secret: secret === WHSEC ? OTHER : WHSEC }];
      expect(await settle(() => api.verifyWebhookSignature({ ...signed, keys: wrong, scheme: 'standard' }))).toBe(
        'SignatureVerificationError:BAD_SIGNATURE',
      );
    }
    expect(await settle(() => api.signWebhook({ payload: ev, scheme: 'standard', secret: 'whsec_***' }))).toMatch(
      /^ServerConfigError/,
    );
  });

  it('bad options, bad signatures and bad payloads reject', async () => {
    const good = await api.signWebhook({ payload: ev, scheme: 'standard', secret: WHSEC });
    const keys = [{ tokenId: 'std', secret: WHSEC }];
    expect(await settle(() => api.verifyWebhook(undefined as never))).toBe('ServerConfigError:INVALID_OPTION');
    expect(await settle(() => api.verifyWebhookSignature({ ...good, keys, scheme: 'nope' as never }))).toMatch(
      /^ServerConfigError/,
    );
    expect(await settle(() => api.signWebhook({ payload: ev, scheme: 'standard', secret: 'whsec_***' }))).toMatch(
      /^ServerConfigError/,
    );
    expect(await settle(() => api.signWebhook({ payload: ev, secret: 's' }))).toMatch(/^ServerConfigError/);
    const tampered = { ...good.headers, 'webhook-signature': 'v1,AAAA' };
    expect(
      await settle(() => api.verifyWebhook({ body: good.body, headers: tampered, keys, scheme: 'standard' })),
    ).toBe('SignatureVerificationError:BAD_SIGNATURE');
    const other = await api.signWebhook({ payload: { nope: 1 }, scheme: 'standard', secret: WHSEC, id: 'msg_x' });
    expect(await settle(() => api.verifyWebhook({ ...other, keys, scheme: 'standard' }))).toBe(
      'SignatureVerificationError:INVALID_PAYLOAD',
    );
    expect(await settle(() => api.verifyWebhookSignature({ ...other, keys, scheme: 'standard' }))).toBe('resolved');
  });
});
