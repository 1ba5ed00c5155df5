/**
 * MD5 (RFC 1321) for the Web Crypto provider, which has none. Only for the service's documented `Content-MD5` header;
 * never used as a security primitive on its own (the HMAC signs the digest). Kept this small because it ships in the
 * Fetch-runtime verifier bundle (≤ 3 KB gzip budget); @noble/hashes' md5 alone is 2.1 KB gzip. Checked against
 * node:crypto on random inputs and the RFC 1321 test suite (test/server/md5.test.ts).
 */
const K = new Int32Array(64);
for (let i = 0; i < 64; i++) K[i] = Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32);
const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

export function md5(bytes: Uint8Array): Uint8Array {
  const n = bytes.length;
  const size = (((n + 8) >>> 6) + 1) << 4; // 32-bit words: whole 64-byte blocks holding data, 0x80 and the length
  const w = new Int32Array(size);
  for (let i = 0; i < n; i++) w[i >> 2]! |= bytes[i]! << ((i & 3) << 3);
  w[n >> 2]! |= 0x80 << ((n & 3) << 3);
  w[size - 2] = n * 8; // length in bits, little-endian 64-bit
  w[size - 1] = Math.floor(n / 2 ** 29);
  const h = new Int32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  for (let j = 0; j < size; j += 16) {
    let [a, b, c, d] = h as unknown as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const r = i >> 4;
      const f = r === 0 ? (b & c) | (~b & d) : r === 1 ? (d & b) | (~d & c) : r === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = r === 0 ? i : r === 1 ? (5 * i + 1) & 15 : r === 2 ? (3 * i + 5) & 15 : (7 * i) & 15;
      const x = (a + f + K[i]! + w[j + g]!) | 0;
      const s = S[(r << 2) | (i & 3)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((x << s) | (x >>> (32 - s)))) | 0;
    }
    h[0]! += a;
    h[1]! += b;
    h[2]! += c;
    h[3]! += d;
  }
  return Uint8Array.from({ length: 16 }, (_, i) => h[i >> 2]! >>> ((i & 3) << 3)); // little-endian on any platform
}
