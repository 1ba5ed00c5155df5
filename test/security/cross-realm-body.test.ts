// A body created in another realm (vm context, worker, iframe) is a real Uint8Array/ArrayBuffer that fails
// `instanceof` here. It must be accepted, not refused with a misleading PARSED_BODY ("you passed parsed JSON").
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { entries } from '../support/providers.js';
import { KEYS, event } from '../support/events.js';

const payload = event('evt_1');
const bytes = Array.from(new TextEncoder().encode(JSON.stringify(payload)));
const foreign = {
  Uint8Array: () => runInNewContext(`new Uint8Array(${JSON.stringify(bytes)})`) as Uint8Array,
  ArrayBuffer: () => runInNewContext(`new Uint8Array(${JSON.stringify(bytes)}).buffer`) as ArrayBuffer,
  DataView: () => runInNewContext(`new DataView(new Uint8Array(${JSON.stringify(bytes)}).buffer)`) as DataView,
};

describe.each(entries)('cross-realm body — $name', ({ api }) => {
  it('a foreign ArrayBuffer, Uint8Array or DataView verifies (hmac and standard) and signs; a fake one is still PARSED_BODY', async () => {
    expect(foreign.Uint8Array() instanceof Uint8Array).toBe(false);
    expect(foreign.ArrayBuffer() instanceof ArrayBuffer).toBe(false);
    const d = await api.signWebhook({
      payload: JSON.stringify(payload),
      tokenId: 'wh_1',
      secret: KEYS[0]!.secret,
      path: '/hooks',
    });
    const std = [{ tokenId: 'std', secret: 'whsec_' + Buffer.from('standard-secret-123').toString('base64') }];
    const s = await api.signWebhook({
      payload: JSON.stringify(payload),
      scheme: 'standard',
      id: 'msg_1',
      secret: std[0]!.secret,
    });
    for (const kind of ['ArrayBuffer', 'Uint8Array', 'DataView'] as const) {
      const body = foreign[kind]() as never;
      await expect(
        api.verifyWebhook({ body, headers: d.headers, keys: KEYS, path: '/hooks' }),
        kind,
      ).resolves.toMatchObject({ tokenId: 'wh_1', event: { event_id: 'evt_1' } });
      await expect(
        api.verifyRequest({ method: 'POST', path: '/hooks', body, headers: d.headers, keys: KEYS }),
        kind,
      ).resolves.toEqual({ tokenId: 'wh_1' });
      await expect(
        api.verifyWebhookSignature({ body, headers: s.headers, keys: std, scheme: 'standard' }),
        kind,
      ).resolves.toMatchObject({ tokenId: 'std' });
      const signed = await api.signRequest({
        method: 'POST',
        path: '/hooks',
        body,
        tokenId: 'wh_1',
        secret: KEYS[0]!.secret,
      });
      expect(signed['content-md5'], kind).toBe(d.headers['content-md5']);
    }
    // Only a real ArrayBuffer passes: an object that merely claims the tag is refused as before.
    const fake = { [Symbol.toStringTag]: 'ArrayBuffer', byteLength: 3 } as never;
    await expect(
      api.verifyWebhook({ body: fake, headers: d.headers, keys: KEYS, path: '/hooks' }),
    ).rejects.toMatchObject({ code: 'PARSED_BODY' });
  });
});
