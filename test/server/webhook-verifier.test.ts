// A verifier made once (createWebhookVerifier, createWebhookSignatureVerifier, and the handler's own): every option
// checked and every key prepared at creation, so a delivery only verifies — a later change to the options object or
// its keys array does not reach it, and a bad option fails at creation with the field named.
import { describe, expect, it } from 'vitest';
import { entries } from '../support/providers.js';
import { event as eventOf } from '../support/events.js';

const NOW = Date.parse('2026-11-22T00:00:00Z');
const now = () => NOW;
const PATH = '/webhooks';
const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const event = eventOf('evt_1');

describe.each(entries)('webhook verifier made once — $name', ({ api }) => {
  const hmac = () =>
    api.signWebhook({ payload: event, tokenId: 'wh_1', secret: 'webhook-secret-1', path: PATH, timestamp: NOW });
  const std = () => api.signWebhook({ payload: event, scheme: 'standard', secret: WHSEC, timestamp: NOW });

  it('verifies both schemes; the signature verifier returns the JSON unvalidated', async () => {
    const keys = [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }];
    const v = api.createWebhookVerifier({ keys, path: PATH, now });
    await expect(v.verify(await hmac())).resolves.toMatchObject({ known: true, tokenId: 'wh_1', event });
    const s = api.createWebhookSignatureVerifier({
      keys: [{ tokenId: 'std', secret: WHSEC }],
      scheme: 'standard',
      now,
    });
    await expect(s.verify(await std())).resolves.toEqual({ payload: event, tokenId: 'std' });
  });

  it("takes the signed path from the delivery when made without one ('hmac')", async () => {
    const v = api.createWebhookVerifier({ keys: [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }], now });
    await expect(v.verify({ ...(await hmac()), path: PATH })).resolves.toMatchObject({ tokenId: 'wh_1' });
    await expect(v.verify({ ...(await hmac()), path: '/other' })).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
    await expect(v.verify(await hmac())).rejects.toMatchObject({ name: 'ServerConfigError', field: 'path' });
  });

  it('keeps the keys it was made with: editing the options afterwards changes nothing', async () => {
    const keys = [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }];
    const options = { keys, path: PATH, now };
    const v = api.createWebhookVerifier(options);
    keys[0] = { tokenId: 'wh_1', secret: 'another-secret' };
    options.path = '/elsewhere';
    await expect(v.verify(await hmac())).resolves.toMatchObject({ tokenId: 'wh_1' });
  });

  it('refuses bad options at creation, naming the field (never the secret)', () => {
    const make = (o: object) => () => api.createWebhookVerifier(o as never);
    expect(make({ keys: [] })).toThrow(expect.objectContaining({ name: 'ServerConfigError', field: 'keys' }));
    expect(make({ keys: [{ tokenId: 'std', secret: 'not base64!' }], scheme: 'standard' })).toThrow(
      expect.objectContaining({ field: 'keys[0].secret' }),
    );
    expect(make({ keys: [{ tokenId: 'a', secret: 's' }], scheme: 'sha1' })).toThrow(
      expect.objectContaining({ field: 'scheme' }),
    );
    expect(make({ keys: [{ tokenId: 'a', secret: 's' }], path: 'webhooks' })).toThrow(
      expect.objectContaining({ field: 'path' }),
    );
    expect(make({ keys: [{ tokenId: 'a', secret: 's' }], tolerance: { pastSec: Number.NaN } })).toThrow(
      expect.objectContaining({ field: 'tolerance.pastSec' }),
    );
    expect(make({ keys: [{ tokenId: 'a', secret: 's' }], now: 5 })).toThrow(expect.objectContaining({ field: 'now' }));
    try {
      make({ keys: [{ tokenId: 'a', secret: ' secret-with-space' }] })();
    } catch (e) {
      expect(String((e as Error).message)).not.toContain('secret-with-space');
    }
  });

  it('the handler prepares its verify options once: a delivery after the caller edits them still verifies', async () => {
    const keys = [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }];
    const verify = { keys, path: PATH, now };
    const handler = api.createWebhookHandler({ verify, on: { '*': () => {} } });
    keys.length = 0;
    verify.path = '/elsewhere';
    const d = await hmac();
    const r = await handler.handle({ method: 'POST', path: '/ignored', headers: d.headers, body: d.body });
    expect(r).toMatchObject({ status: 200, outcome: 'processed' });
  });
});
