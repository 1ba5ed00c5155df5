import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_BODY_MD5 } from '../../src/protocol/signing.js';
import { entries } from '../support/providers.js';
import { VECTOR, VECTOR_SIGNATURE } from '../support/signing-vector.js';

const PY = path.resolve('test/support/python-sign.py');
const NOW = Date.parse('2026-11-22T00:00:00Z');
const KEYS = [{ tokenId: 'tok_123', secret: '<SIGNING_SECRET>' }];

function python(args: string[], body?: Uint8Array): { md5: string; sig: string } {
  const extra: string[] = [];
  if (body) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'hj-sign-')), 'body');
    writeFileSync(file, body);
    extra.push(file);
  }
  const [md5, sig] = execFileSync('python3', [PY, ...args, ...extra], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return { md5: md5!, sig: sig! };
}

describe.each(entries)('request signing — $name', ({ api }) => {
  it('matches the pinned vector computed by Python', async () => {
    const h = await api.signRequest(VECTOR);
    expect(h).toEqual({
      date: 'Sun, 22 Nov 2026 00:00:00 GMT',
      'content-md5': EMPTY_BODY_MD5,
      'content-type': 'application/json',
      authorization: `HMAC tok_123:${VECTOR_SIGNATURE}`,
    });
  });

  it('matches python3 run now, for the vector and for a POST with non-UTF-8 bytes', async () => {
    expect(python([]).sig).toBe(VECTOR_SIGNATURE);
    const body = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);
    const date = 'Sun, 22 Nov 2026 00:00:00 GMT';
    const py = python(['POST', '/enquiry/lodge?x=1&y=%20', 'application/json; charset=utf-8', date, 'sëcret-ü'], body);
    const h = await api.signRequest({
      method: 'post',
      path: '/enquiry/lodge?x=1&y=%20',
      contentType: 'application/json; charset=utf-8',
      date: NOW,
      tokenId: 't',
      secret: 'sëcret-ü',
      body,
    });
    expect(h['content-md5']).toBe(py.md5);
    expect(h.authorization).toBe(`HMAC t:${py.sig}`);
  });

  it('verifies what it signs and reports the matching token id', async () => {
    const body = JSON.stringify({ enquiry_id: 'enq_1' });
    const headers = await api.signRequest({ ...VECTOR, method: 'POST', path: '/enquiry/getreport', body });
    const out = await api.verifyRequest({
      method: 'POST',
      path: '/enquiry/getreport',
      headers,
      body,
      keys: KEYS,
      now: () => NOW,
    });
    expect(out).toEqual({ tokenId: 'tok_123' });
  });

  it('accepts any key of a rotation list with the same token id, and Fetch Headers', async () => {
    const headers = new Headers(await api.signRequest({ ...VECTOR, secret: 'new-secret' }));
    const keys = [
      { tokenId: 'tok_123', secret: 'old-secret' },
      { tokenId: 'tok_123', secret: 'new-secret' },
      { tokenId: 'other', secret: 'x' },
    ];
    await expect(
      api.verifyRequest({ method: 'GET', path: VECTOR.path, headers, body: undefined, keys, now: () => NOW }),
    ).resolves.toEqual({ tokenId: 'tok_123' });
  });

  it('rejects with typed codes: tampered path, body, date, unknown token, skew, missing and malformed headers', async () => {
    const body = '{"a":1}';
    const h = await api.signRequest({ ...VECTOR, method: 'POST', path: '/x?q=1', body });
    const base = {
      method: 'POST',
      path: '/x?q=1',
      headers: h as Record<string, string>,
      body,
      keys: KEYS,
      now: () => NOW,
    };
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: { code?: string; name?: string }) => `${e.name}:${e.code}`,
      );
    expect(await code(api.verifyRequest({ ...base, path: '/x?q=2' }))).toBe('SignatureVerificationError:BAD_SIGNATURE');
    expect(await code(api.verifyRequest({ ...base, method: 'PUT' }))).toBe('SignatureVerificationError:BAD_SIGNATURE');
    expect(await code(api.verifyRequest({ ...base, body: '{"a":2}' }))).toBe(
      'SignatureVerificationError:BODY_DIGEST_MISMATCH',
    );
    expect(await code(api.verifyRequest({ ...base, headers: { ...h, date: 'Sun, 22 Nov 2026 00:00:01 GMT' } }))).toBe(
      'SignatureVerificationError:BAD_SIGNATURE',
    );
    expect(await code(api.verifyRequest({ ...base, keys: [{ tokenId: 'other', secret: 's' }] }))).toBe(
      'SignatureVerificationError:UNKNOWN_KEY',
    );
    expect(await code(api.verifyRequest({ ...base, now: () => NOW + 301_000 }))).toBe(
      'SignatureVerificationError:TIMESTAMP_TOO_OLD',
    );
    expect(await code(api.verifyRequest({ ...base, now: () => NOW - 301_000 }))).toBe(
      'SignatureVerificationError:TIMESTAMP_IN_FUTURE',
    );
    expect(await code(api.verifyRequest({ ...base, now: () => NOW + 299_000 }))).toBe('ok');
    expect(await code(api.verifyRequest({ ...base, now: () => NOW - 30_000, tolerance: { futureSec: 10 } }))).toBe(
      'SignatureVerificationError:TIMESTAMP_IN_FUTURE',
    );
    const { authorization: _a, ...noAuth } = h;
    expect(await code(api.verifyRequest({ ...base, headers: noAuth }))).toBe(
      'SignatureVerificationError:MISSING_HEADER',
    );
    expect(await code(api.verifyRequest({ ...base, headers: { ...h, authorization: 'Bearer abc' } }))).toBe(
      'SignatureVerificationError:MALFORMED_HEADER',
    );
    expect(await code(api.verifyRequest({ ...base, headers: { ...h, date: '2026-11-22T00:00:00Z' } }))).toBe(
      'SignatureVerificationError:MALFORMED_HEADER',
    );
    expect(await code(api.verifyRequest({ ...base, body: { a: 1 } as never }))).toBe(
      'SignatureVerificationError:PARSED_BODY',
    );
  });

  it('rejects a signature that is re-encoded or case-changed (compared as exact text)', async () => {
    const h = await api.signRequest(VECTOR);
    const sig = h.authorization.split(':')[1]!;
    const flipped = sig[0] === 'D' ? 'd' + sig.slice(1) : 'D' + sig.slice(1);
    await expect(
      api.verifyRequest({
        method: 'GET',
        path: VECTOR.path,
        headers: { ...h, authorization: `HMAC tok_123:${flipped}` },
        body: '',
        keys: KEYS,
        now: () => NOW,
      }),
    ).rejects.toMatchObject({ code: 'BAD_SIGNATURE', status: 401 });
  });

  it('refuses a secret with surrounding whitespace, naming the usual cause, without echoing it', async () => {
    const err = await api.signRequest({ ...VECTOR, secret: 'abc\n' }).catch((e: Error) => e);
    expect(err).toMatchObject({ name: 'ServerConfigError', field: 'secret' });
    expect(String((err as Error).message)).toMatch(/whitespace/);
    expect(String((err as Error).message)).not.toContain('abc');
  });

  it('signs with the secret given on each call, whichever it signed with before (the last key is kept, never reused)', async () => {
    const other = { ...VECTOR, secret: 'another-secret' };
    for (const [options, secret] of [
      [VECTOR, VECTOR.secret],
      [other, other.secret],
      [VECTOR, VECTOR.secret],
      [VECTOR, VECTOR.secret],
      [other, other.secret],
    ] as const) {
      const headers = await api.signRequest(options);
      const ok = await api.verifyRequest({
        method: 'GET',
        path: VECTOR.path,
        headers,
        body: '',
        keys: [{ tokenId: 'tok_123', secret }],
        now: () => NOW,
      });
      expect(ok.tokenId).toBe('tok_123');
    }
    expect((await api.signRequest(VECTOR)).authorization).toBe(`HMAC tok_123:${VECTOR_SIGNATURE}`);
    // A bad secret after a good one is still refused: the kept key is only for the same secret.
    await expect(api.signRequest({ ...VECTOR, secret: ' padded' })).rejects.toMatchObject({ field: 'secret' });
  });
});
