/**
 * MD5 (RFC 1321) for the Web provider's `Content-MD5`: Web Crypto has no MD5, and this is what the 'hmac' scheme
 * digests the body with. Written here rather than imported because it is the largest part of a Fetch-runtime verifier
 * bundle otherwise (@noble/hashes' md5 with its shared hash framework: ≈ 4.3 KB minified; this: ≈ 0.6 KB). A digest
 * of a public body, compared in constant time by the caller; no secret passes through it.
 */

/** Per-step constants: floor(|sin(i + 1)| · 2^32), as the RFC defines them (an Int32Array store truncates). */
const K = new Int32Array(64);
for (let i = 0; i < 64; i++) K[i] = Math.abs(Math.sin(i + 1)) * 2 ** 32;
/** Left-rotation amounts: four per round, repeated four times within the round. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** Mixes the 64-byte block of `bytes` at `at` into the state `h`; `x` is scratch space for its 16 words. */
function block(h: Int32Array, bytes: Uint8Array, at: number, x: Int32Array): void {
  for (let i = 0; i < 16; i++, at += 4)
    x[i] = bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  for (let i = 0; i < 64; i++) {
    const round = i >> 4;
    let f: number;
    let g: number;
    if (round === 0) {
      f = (b & c) | (~b & d);
      g = i;
    } else if (round === 1) {
      f = (b & d) | (c & ~d);
      g = (5 * i + 1) & 15;
    } else if (round === 2) {
      f = b ^ c ^ d;
      g = (3 * i + 5) & 15;
    } else {
      f = c ^ (b | ~d);
      g = (7 * i) & 15;
    }
    const s = SHIFTS[(round << 2) | (i & 3)]!;
    const sum = (a + f + K[i]! + x[g]!) | 0;
    a = d;
    d = c;
    c = b;
    b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
}

/** The 16-byte MD5 digest of `bytes`. Whole blocks are read in place; only the padded tail is copied. */
export function md5(bytes: Uint8Array): Uint8Array {
  const h = Int32Array.of(0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476);
  const x = new Int32Array(16);
  const n = bytes.length;
  const rest = n % 64;
  for (let at = 0; at < n - rest; at += 64) block(h, bytes, at, x);
  const tail = new Uint8Array(rest < 56 ? 64 : 128);
  tail.set(bytes.subarray(n - rest));
  tail[rest] = 0x80;
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, (n * 8) % 2 ** 32, true); // the length in bits, little-endian, low word first
  view.setUint32(tail.length - 4, Math.floor(n / 2 ** 29), true);
  for (let at = 0; at < tail.length; at += 64) block(h, tail, at, x);
  const out = new Uint8Array(16);
  const digest = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) digest.setInt32(i * 4, h[i]!, true);
  return out;
}
