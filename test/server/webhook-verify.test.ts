import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { entries } from '../support/providers.js';

const NOW = Date.parse('2026-11-22T00:00:00Z');
const now = () => NOW;
const PATH = '/webhooks/hj?tenant=1';
const HMAC_KEYS = [{ tokenId: 'wh_1', secret: 'webhook-secret-1' }];
const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const STD_KEYS = [{ tokenId: 'std', secret: WHSEC }];
const event = {
  event_id: 'evt_1',
  type: 'consent.authorised',
  created_at: '2026-11-22T00:00:00Z',
  vendor: 'acme',
  ref: 'c1',
  data: { consent_id: 'con_1', institution_id: 'bank_1', pathway: 'cdr' },
};
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { name?: string; code?: string }) =>
      e.name === 'SignatureVerificationError' ? e.code : `${e.name}: ${String(e)}`,
  );

it('docs/server.md says, before it describes verifyWebhook, that it verifies and does not deduplicate', () => {
  const page = readFileSync('docs/server.md', 'utf8');
  const webhooks = page.slice(page.indexOf('\n## Webhooks\n'));
  const note = webhooks.indexOf('> **`verifyWebhook` verifies; it does not deduplicate.**');
  expect(note).toBeGreaterThan(0);
  expect(note).toBeLessThan(webhooks.indexOf('`verifyWebhook({ body, headers, keys, path'));
  expect(webhooks.slice(note, webhooks.indexOf('\n\n', note))).toMatch(/`createWebhookHandler`.*once per `event_id`/s);
});

describe.each(entries)('verifyWebhook / signWebhook — $name', ({ api }) => {
  const hmac = (payload: object | string | Uint8Array = event, extra = {}) =>
    api.signWebhook({ payload, tokenId: 'wh_1', secret: 'webhook-secret-1', path: PATH, timestamp: NOW, ...extra });
  const std = (payload: object | string | Uint8Array = event, extra = {}) =>
    api.signWebhook({ payload, scheme: 'standard', secret: WHSEC, timestamp: NOW, ...extra });

  it('hmac: round trip returns the typed event, known flag and matching tokenId', async () => {
    const d = await hmac();
    const r = await api.verifyWebhook({ ...d, keys: HMAC_KEYS, path: PATH, now });
    expect(r).toMatchObject({
      known: true,
      tokenId: 'wh_1',
      event: { type: 'consent.authorised', data: { pathway: 'cdr' } },
    });
    expect((r.event.data as { consent_id: string }).consent_id).toBe('con_1');
  });

  it('verifies a second copy of a delivery as it did the first: it does not deduplicate (docs/server.md says so)', async () => {
    const d = await hmac();
    const first = await api.verifyWebhook({ ...d, keys: HMAC_KEYS, path: PATH, now });
    const again = await api.verifyWebhook({ ...d, keys: HMAC_KEYS, path: PATH, now });
    expect(again).toEqual(first);
  });

  it('unknown event types come through as a generic event; known types with bad data are INVALID_PAYLOAD', async () => {
    const r = await api.verifyWebhook({
      ...(await hmac({ ...event, type: 'brand.new_thing', data: { x: 1 } })),
      keys: HMAC_KEYS,
      path: PATH,
      now,
    });
    expect(r).toMatchObject({ known: false, event: { type: 'brand.new_thing', data: { x: 1 } } });
    const bad = await hmac({ ...event, data: { pathway: 'fax' } });
    expect(await codeOf(api.verifyWebhook({ ...bad, keys: HMAC_KEYS, path: PATH, now }))).toBe('INVALID_PAYLOAD');
    expect(await codeOf(api.verifyWebhook({ ...(await hmac('not json')), keys: HMAC_KEYS, path: PATH, now }))).toBe(
      'INVALID_PAYLOAD',
    );
  });

  it('hashes the exact bytes, including bytes that are not valid UTF-8', async () => {
    const text = JSON.stringify({ ...event, data: { ...event.data, note: '@@' } });
    const bytes = new TextEncoder().encode(text);
    const at = text.indexOf('@@');
    bytes[at] = 0xff;
    bytes[at + 1] = 0xc3; // invalid sequences
    for (const d of [await hmac(bytes), await std(bytes, { id: 'msg_1' })]) {
      const scheme = 'webhook-signature' in d.headers ? 'standard' : 'hmac';
      const keys = scheme === 'standard' ? STD_KEYS : HMAC_KEYS;
      await expect(
        api.verifyWebhook({ body: bytes, headers: d.headers, keys, path: PATH, scheme, now }),
      ).resolves.toMatchObject({ event: { event_id: 'evt_1' } });
      await expect(
        api.verifyWebhook({ body: Buffer.from(bytes), headers: d.headers, keys, path: PATH, scheme, now }),
      ).resolves.toBeTruthy();
      // Decoding to text first (what naive receivers do) loses the bytes and must fail.
      expect(
        await codeOf(
          api.verifyWebhook({
            body: new TextDecoder().decode(bytes),
            headers: d.headers,
            keys,
            path: PATH,
            scheme,
            now,
          }),
        ),
      ).toMatch(/BAD_SIGNATURE|BODY_DIGEST_MISMATCH/);
    }
  });

  it('every error code, hmac scheme', async () => {
    const d = await hmac();
    const h = d.headers as Record<string, string>;
    const v = (o: object) =>
      codeOf(api.verifyWebhook({ body: d.body, headers: h, keys: HMAC_KEYS, path: PATH, now, ...o }));
    expect(await v({ headers: { ...h, authorization: undefined } })).toBe('MISSING_HEADER');
    expect(await v({ headers: { ...h, authorization: 'HMAC wh_1:nope' } })).toBe('MALFORMED_HEADER');
    expect(await v({ keys: [{ tokenId: 'wh_2', secret: 's' }] })).toBe('UNKNOWN_KEY');
    expect(await v({ keys: [{ tokenId: 'wh_1', secret: 'other' }] })).toBe('BAD_SIGNATURE');
    expect(await v({ path: '/webhooks/hj?tenant=2' })).toBe('BAD_SIGNATURE');
    expect(await v({ body: JSON.stringify({ ...event, ref: 'c2' }) })).toBe('BODY_DIGEST_MISMATCH');
    expect(await v({ now: () => NOW + 301_000 })).toBe('TIMESTAMP_TOO_OLD');
    expect(await v({ now: () => NOW - 301_000 })).toBe('TIMESTAMP_IN_FUTURE');
    expect(await v({ body: JSON.parse(d.body as string) })).toBe('PARSED_BODY');
    expect(await v({})).toBe('ok');
    const err = await api
      .verifyWebhook({ body: event as never, headers: h, keys: HMAC_KEYS, path: PATH, now })
      .catch((e) => e);
    expect(err.message).toMatch(/express\.raw/);
    expect(err.message).toMatch(/await req\.text\(\)/);
    expect(err.status).toBe(400);
  });

  it('every error code, standard scheme', async () => {
    const d = await std();
    const h = d.headers;
    const v = (o: object) =>
      codeOf(api.verifyWebhook({ body: d.body, headers: h, keys: STD_KEYS, scheme: 'standard', now, ...o }));
    expect(await v({ headers: { ...h, 'webhook-id': undefined } })).toBe('MISSING_HEADER');
    expect(await v({ headers: { ...h, 'webhook-timestamp': '17e8' } })).toBe('MALFORMED_HEADER');
    expect(await v({ headers: { ...h, 'webhook-signature': 'v2,abc' } })).toBe('MALFORMED_HEADER');
    expect(await v({ keys: [{ tokenId: 'std', secret: 'whsec_' + Buffer.from('other').toString('base64') }] })).toBe(
      'BAD_SIGNATURE',
    );
    expect(await v({ headers: { ...h, 'webhook-id': 'evt_2' } })).toBe('BAD_SIGNATURE');
    expect(await v({ now: () => NOW + 301_000 })).toBe('TIMESTAMP_TOO_OLD');
    expect(await v({ now: () => NOW - 301_000 })).toBe('TIMESTAMP_IN_FUTURE');
    expect(await v({ tolerance: { futureSec: 0 }, now: () => NOW - 1000 })).toBe('TIMESTAMP_IN_FUTURE');
    expect(await v({ body: new Uint8Array([1, 2]) })).toBe('BAD_SIGNATURE');
    expect(await v({ body: {} })).toBe('PARSED_BODY');
    expect(await v({})).toBe('ok');
    // One of several offered signatures (sender rotating) is enough; rotation on our side reports the matching key.
    expect(await v({ headers: { ...h, 'webhook-signature': `v1,${'A'.repeat(43)}= ${h['webhook-signature']}` } })).toBe(
      'ok',
    );
    const r = await api.verifyWebhook({
      ...d,
      scheme: 'standard',
      now,
      keys: [
        { tokenId: 'old', secret: 'whsec_' + Buffer.from('x'.repeat(24)).toString('base64') },
        { tokenId: 'new', secret: WHSEC },
      ],
    });
    expect(r.tokenId).toBe('new');
  });

  it('interoperates with the standardwebhooks package in both directions', async () => {
    const wh = new Webhook(WHSEC);
    const body = JSON.stringify(event);
    const ts = new Date();
    const sig = wh.sign('msg_42', ts, body);
    const headers = {
      'webhook-id': 'msg_42',
      'webhook-timestamp': String(Math.floor(ts.getTime() / 1000)),
      'webhook-signature': sig,
    };
    await expect(api.verifyWebhook({ body, headers, keys: STD_KEYS, scheme: 'standard' })).resolves.toMatchObject({
      event: { event_id: 'evt_1' },
    });
    const ours = await api.signWebhook({ payload: event, scheme: 'standard', secret: WHSEC, id: 'msg_43' });
    expect(ours.headers['webhook-signature']).toBe(
      wh.sign('msg_43', new Date(Number(ours.headers['webhook-timestamp']) * 1000), ours.body as string),
    );
    expect(wh.verify(ours.body as string, ours.headers)).toMatchObject({ event_id: 'evt_1' });
  });

  it("signs with each call's own 'standard' secret, alternating secrets too, and refuses a bad one after a good one", async () => {
    const other = `whsec_${Buffer.from('another-secret-of-32-bytes-long!').toString('base64')}`;
    for (const secret of [WHSEC, other, WHSEC, other]) {
      const signed = await api.signWebhook({ payload: event, scheme: 'standard', secret, id: 'msg_44' });
      expect(new Webhook(secret).verify(signed.body as string, signed.headers)).toMatchObject({ event_id: 'evt_1' });
      const wrong = new Webhook(secret === WHSEC ? other : WHSEC);
      expect(() => wrong.verify(signed.body as string, signed.headers)).toThrow();
    }
    await expect(
      api.signWebhook({ payload: event, scheme: 'standard', secret: 'whsec_***', id: 'msg_45' }),
    ).rejects.toMatchObject({ name: 'ServerConfigError', field: 'secret' });
  });

  it('misconfiguration is a ServerConfigError, not a verification failure', async () => {
    const d = await hmac();
    await expect(api.verifyWebhook({ ...d, keys: [], path: PATH, now })).rejects.toMatchObject({
      name: 'ServerConfigError',
      field: 'keys',
    });
    await expect(api.verifyWebhook({ ...d, keys: HMAC_KEYS, now })).rejects.toMatchObject({
      name: 'ServerConfigError',
      field: 'path',
    });
    await expect(
      api.verifyWebhook({ ...d, keys: [{ tokenId: 'wh_1', secret: 'webhook-secret-1\n' }], path: PATH, now }),
    ).rejects.toMatchObject({ name: 'ServerConfigError' });
    await expect(
      api.verifyWebhook({ ...(await std()), scheme: 'standard', keys: [{ tokenId: 'x', secret: 'whsec_***' }], now }),
    ).rejects.toMatchObject({ name: 'ServerConfigError' });
  });

  it('property: changing any byte of body, signature, date, path or token id fails (hmac)', async () => {
    const d = await hmac();
    const body = new TextEncoder().encode(d.body as string);
    const h = d.headers as Record<string, string>;
    const mutate = (s: string, i: number, c: string) => s.slice(0, i) + c + s.slice(i + 1);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.constantFrom('body', 'signature', 'date', 'path', 'token'),
        async (pos, delta, part) => {
          let b: Uint8Array = body;
          let headers = h;
          let path = PATH;
          if (part === 'body') {
            b = body.slice();
            b[pos % b.length] = (b[pos % b.length]! + delta) & 255;
          } else if (part === 'path') {
            const i = 1 + (pos % (path.length - 1)); // keep the leading "/": a path without it is a configuration error
            path = mutate(path, i, String.fromCharCode(((path.charCodeAt(i) - 32 + 1 + (delta % 94)) % 95) + 32)); // always a different printable char
          } else {
            const [tok, sig] = h.authorization!.slice(5).split(':') as [string, string];
            const alt = (s: string, i: number, set: string) =>
              mutate(s, i, set[(set.indexOf(s[i]!) + 1 + (delta % (set.length - 1))) % set.length]!);
            if (part === 'signature')
              headers = {
                ...h,
                authorization: `HMAC ${tok}:${alt(sig, pos % 43, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')}`,
              };
            if (part === 'token')
              headers = {
                ...h,
                authorization: `HMAC ${alt(tok, pos % tok.length, 'abcdefghijklmnopqrstuvwxyz0123456789_')}:${sig}`,
              };
            if (part === 'date')
              headers = { ...h, date: alt(h.date!, [17, 18, 20, 21, 23, 24][pos % 6]!, '0123456789') };
          }
          const code = await codeOf(
            api.verifyWebhook({
              body: b,
              headers,
              path,
              keys: [...HMAC_KEYS, { tokenId: 'wh_1x', secret: 'z' }],
              now,
              tolerance: { pastSec: 1e9, futureSec: 1e9 },
            }),
          );
          expect(code).not.toBe('ok');
          expect(['BAD_SIGNATURE', 'BODY_DIGEST_MISMATCH', 'UNKNOWN_KEY', 'MALFORMED_HEADER']).toContain(code);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: 10 000 random header/body inputs produce only typed errors', async () => {
    const d = await hmac();
    const s = await std();
    const headerValue = fc.oneof(
      fc.string(),
      fc.constantFrom(
        ...Object.values(d.headers),
        ...Object.values(s.headers),
        'HMAC wh_1:' + 'A'.repeat(43) + '=',
        'v1,',
        '0',
        '-1',
      ),
    );
    const headers = fc.dictionary(
      fc.constantFrom(
        'authorization',
        'date',
        'content-md5',
        'content-type',
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
        'Authorization',
        'x',
      ),
      headerValue,
    );
    const body = fc.oneof(
      fc.string(),
      fc.uint8Array(),
      fc.constant(d.body),
      fc.json(),
      fc.constant(null),
      fc.object() as fc.Arbitrary<unknown>,
      fc.integer() as fc.Arbitrary<unknown>,
    );
    let typed = 0;
    await fc.assert(
      fc.asyncProperty(
        headers,
        body,
        fc.constantFrom('hmac', 'standard') as fc.Arbitrary<'hmac' | 'standard'>,
        async (hdrs, b, scheme) => {
          const keys = scheme === 'standard' ? STD_KEYS : HMAC_KEYS;
          const r = await api.verifyWebhook({ body: b as string, headers: hdrs, keys, path: PATH, scheme, now }).then(
            () => 'ok',
            (e: { name?: string; code?: string }) =>
              e?.name === 'SignatureVerificationError' && typeof e.code === 'string' ? 'typed' : `untyped ${String(e)}`,
          );
          expect(r).not.toMatch(/^untyped/);
          if (r === 'typed') typed++;
        },
      ),
      { numRuns: 10_000 },
    );
    expect(typed).toBeGreaterThan(9_000);
  });
});
