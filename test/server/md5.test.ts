// The Web provider's Content-MD5 (src/server/crypto/md5.ts, our base64) against node:crypto and RFC 1321.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../src/server/crypto/base64.js';
import { webCrypto } from '../../src/server/crypto/web.js';

const md5 = (b: Uint8Array) => base64ToBytes(webCrypto.md5Base64(b));

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const enc = new TextEncoder();

describe('md5 (Web provider)', () => {
  it('RFC 1321 test suite', () => {
    const suite: [string, string][] = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['a', '0cc175b9c0f1b6a831c399e269772661'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
      ['1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
    ];
    for (const [text, digest] of suite) expect(hex(md5(enc.encode(text)))).toBe(digest);
  });

  it('equals node:crypto on random bytes, including every padding boundary', () => {
    for (let n = 0; n <= 200; n++) {
      const b = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n) & 255);
      expect(hex(md5(b))).toBe(createHash('md5').update(b).digest('hex'));
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (b) => hex(md5(b)) === createHash('md5').update(b).digest('hex')),
      { numRuns: 300 },
    );
  });

  it('base64 round trip equals Buffer; malformed base64 is refused', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), (b) => {
        const text = bytesToBase64(b);
        return text === Buffer.from(b).toString('base64') && Buffer.from(base64ToBytes(text)).equals(Buffer.from(b));
      }),
      { numRuns: 200 },
    );
    for (const bad of ['a', 'ab=c', 'abc', 'ab cd===', '****', 'abcd='])
      expect(() => base64ToBytes(bad)).toThrow('invalid base64');
  });
});
