// Attack surface: malformed inputs to verification must give the typed error with a code, never escape as plain
// TypeErrors (a 500 from a handler): headers undefined/null, a null or numeric header value, no method.
import { describe, expect, it } from 'vitest';
import { entries } from '../support/providers.js';
import { KEYS, event } from '../support/events.js';

const configError = (field: string) =>
  expect.objectContaining({ name: 'ServerConfigError', code: 'INVALID_OPTION', field });
const verifyError = (code: string, header?: string) =>
  expect.objectContaining({ name: 'SignatureVerificationError', code, ...(header ? { header } : {}) });

describe.each(entries)('malformed verification inputs give typed errors — $name', ({ api }) => {
  const payload = event('evt_1');
  const signed = () => api.signWebhook({ payload, tokenId: 'wh_1', secret: KEYS[0]!.secret, path: '/hooks' });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'authorization: x'],
    ['a number', 42],
  ])('headers: %s → ServerConfigError(headers)', async (_l, headers) => {
    const d = await signed();
    const h = headers as never;
    await expect(api.verifyWebhook({ body: d.body, headers: h, keys: KEYS, path: '/hooks' })).rejects.toEqual(
      configError('headers'),
    );
    await expect(
      api.verifyWebhookSignature({ body: d.body, headers: h, keys: KEYS, scheme: 'standard' }),
    ).rejects.toEqual(configError('headers'));
    await expect(
      api.verifyRequest({ method: 'POST', path: '/hooks', body: d.body, headers: h, keys: KEYS }),
    ).rejects.toEqual(configError('headers'));
    await expect(
      api.verifyWebhook({ body: d.body, headers: d.headers, keys: KEYS, path: '/hooks' }),
    ).resolves.toMatchObject({ tokenId: 'wh_1' });
  });

  it('{ authorization: null } → MISSING_HEADER (400 from the handler, not a 500)', async () => {
    const d = await signed();
    const headers = { ...d.headers, authorization: null } as never;
    await expect(api.verifyWebhook({ body: d.body, headers, keys: KEYS, path: '/hooks' })).rejects.toEqual(
      verifyError('MISSING_HEADER', 'authorization'),
    );
    const h = api.createWebhookHandler({ verify: { keys: KEYS }, on: { '*': () => {} } });
    const r = await h.handle({ method: 'POST', path: '/hooks', headers, body: d.body });
    expect([r.status, JSON.parse(r.body).error.code]).toEqual([400, 'MISSING_HEADER']);
  });

  it.each([
    ['{ date: 12345 }', { date: 12345 }, 'date'],
    ['{ authorization: {} }', { authorization: {} }, 'authorization'],
    ['{ "content-md5": [1, 2] }', { 'content-md5': [1, 2] }, 'content-md5'],
  ])('%s → MALFORMED_HEADER (400 from the handler)', async (_l, bad, header) => {
    const d = await signed();
    const headers = { ...d.headers, ...bad } as never;
    await expect(api.verifyWebhook({ body: d.body, headers, keys: KEYS, path: '/hooks' })).rejects.toEqual(
      verifyError('MALFORMED_HEADER', header),
    );
    const h = api.createWebhookHandler({ verify: { keys: KEYS }, on: { '*': () => {} } });
    const r = await h.handle({ method: 'POST', path: '/hooks', headers, body: d.body });
    expect([r.status, JSON.parse(r.body).error.code]).toEqual([400, 'MALFORMED_HEADER']);
    // The same value through a Headers-like get().
    const getter = { get: (n: string) => (headers as Record<string, unknown>)[n] ?? null } as never;
    await expect(api.verifyWebhook({ body: d.body, headers: getter, keys: KEYS, path: '/hooks' })).rejects.toEqual(
      verifyError('MALFORMED_HEADER', header),
    );
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['a number', 1],
  ])('verifyRequest method: %s → ServerConfigError(method)', async (_l, method) => {
    const d = await signed();
    await expect(
      api.verifyRequest({ method: method as never, path: '/hooks', body: d.body, headers: d.headers, keys: KEYS }),
    ).rejects.toEqual(configError('method'));
  });

  it.each([
    ['undefined', undefined],
    ['a number', 7],
  ])('verifyRequest path: %s → ServerConfigError(path)', async (_l, path) => {
    const d = await signed();
    await expect(
      api.verifyRequest({ method: 'POST', path: path as never, body: d.body, headers: d.headers, keys: KEYS }),
    ).rejects.toEqual(configError('path'));
  });

  it('verifyRequest / verifyWebhook / signRequest with no options object → ServerConfigError', async () => {
    await expect(api.verifyRequest(undefined as never)).rejects.toMatchObject({ name: 'ServerConfigError' });
    await expect(api.verifyWebhook(null as never)).rejects.toMatchObject({ name: 'ServerConfigError' });
    await expect(api.signRequest(undefined as never)).rejects.toMatchObject({ name: 'ServerConfigError' });
  });
});

describe.each(entries)('a malformed delivery to handle() is a typed error, not a TypeError — $name', ({ api }) => {
  it.each([
    ['method undefined', { method: undefined, path: '/hooks' }, 'method'],
    ['method a number', { method: 1, path: '/hooks' }, 'method'],
    ['path undefined', { method: 'POST', path: undefined }, 'path'],
  ])('%s → ServerConfigError', async (_l, d, field) => {
    const h = api.createWebhookHandler({ verify: { keys: KEYS }, on: { '*': () => {} } });
    await expect(h.handle({ ...d, headers: {}, body: '' } as never)).rejects.toEqual(configError(field));
  });
});
