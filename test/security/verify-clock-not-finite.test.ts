// Attack surface: a clock that is not a finite time. `now: () => NaN` made every freshness comparison false, so
// replayed deliveries of any age verified; `signRequest({ date: NaN })` sent `Date: Invalid Date`.
import { describe, expect, it } from 'vitest';
import { entries } from '../support/providers.js';
import { KEYS, event } from '../support/events.js';

const STD_KEYS = [{ tokenId: 'wh_1', secret: 'whsec_' + Buffer.from('standard-secret-123').toString('base64') }];
const OLD = new Date('2020-01-01T00:00:00Z'); // far outside any tolerance
const BAD_CLOCKS: [string, () => number | Date][] = [
  ['NaN', () => Number.NaN],
  ['Infinity', () => Infinity],
  ['an invalid Date', () => new Date('not a date')],
  ['a string', () => '2026-11-22' as unknown as number],
];
const configError = (field: string) =>
  expect.objectContaining({ name: 'ServerConfigError', code: 'INVALID_OPTION', field });

describe.each(entries)('a clock that is not a finite time is a ServerConfigError — $name', ({ api }) => {
  const payload = event('evt_1', 'application.completed', '2020-01-01T00:00:00Z');
  /** The payload signed at OLD (hmac to /hooks unless `o` says otherwise). */
  const signedOld = (o: { secret?: string; scheme?: 'standard'; path?: string } = {}) =>
    api.signWebhook({ payload, tokenId: 'wh_1', secret: KEYS[0]!.secret, path: '/hooks', timestamp: OLD, ...o });

  it.each(BAD_CLOCKS)(
    'verifyWebhook / verifyWebhookSignature / verifyRequest with now() returning %s',
    async (_label, now) => {
      const d = await signedOld();
      await expect(
        api.verifyWebhook({ body: d.body, headers: d.headers, keys: KEYS, path: '/hooks', now }),
      ).rejects.toEqual(configError('now'));
      await expect(
        api.verifyWebhookSignature({ body: d.body, headers: d.headers, keys: KEYS, path: '/hooks', now }),
      ).rejects.toEqual(configError('now'));
      await expect(
        api.verifyRequest({ method: 'POST', path: '/hooks', body: d.body, headers: d.headers, keys: KEYS, now }),
      ).rejects.toEqual(configError('now'));
      const s = await signedOld({ secret: STD_KEYS[0]!.secret, scheme: 'standard', path: undefined });
      await expect(
        api.verifyWebhook({ body: s.body, headers: s.headers, keys: STD_KEYS, scheme: 'standard', now }),
      ).rejects.toEqual(configError('now'));
    },
  );

  it('the webhook handler does not process a stale delivery under a NaN clock', async () => {
    let runs = 0;
    const h = api.createWebhookHandler({
      verify: { keys: KEYS, now: () => Number.NaN },
      on: { '*': () => void runs++ },
    });
    const d = await signedOld();
    await expect(h.handle({ method: 'POST', path: '/hooks', headers: d.headers, body: d.body })).rejects.toEqual(
      configError('now'),
    );
    const res = await api.toFetchHandler(h)(
      new Request('http://127.0.0.1/hooks', { method: 'POST', headers: d.headers, body: d.body as BodyInit }),
    );
    expect([res.status, (await res.json()).error.code]).toEqual([500, 'INTERNAL']);
    expect(runs).toBe(0);
  });

  it.each([
    ['NaN', Number.NaN],
    ['an invalid Date', new Date('nope')],
    ['Infinity', Infinity],
    ['a year past 9999', Date.UTC(10000, 0, 1)],
  ])('signRequest({ date: %s }) throws instead of sending a bad Date header', async (_label, date) => {
    await expect(
      api.signRequest({ method: 'GET', path: '/x', tokenId: 'tok_1', secret: 's3cret', date: date as number }),
    ).rejects.toEqual(configError('date'));
  });
});

describe.each(entries)('signWebhook with a timestamp that is not a finite time — $name', ({ api }) => {
  it.each([['hmac'], ['standard']] as const)(
    '%s scheme → ServerConfigError (no "NaN" timestamp header)',
    async (scheme) => {
      const secret = scheme === 'standard' ? STD_KEYS[0]!.secret : KEYS[0]!.secret;
      const p = api.signWebhook({
        payload: { event_id: 'evt_1' },
        scheme,
        tokenId: 'wh_1',
        secret,
        path: '/hooks',
        timestamp: Number.NaN,
      });
      await expect(p).rejects.toEqual(configError('timestamp'));
    },
  );
});
