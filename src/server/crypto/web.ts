/**
 * Web Crypto provider for Fetch-API runtimes (edge workers, Deno, Bun, browsers): HMAC through `crypto.subtle` with
 * imported keys cached per secret, MD5 from @noble/hashes (audited, maintained; Web Crypto has no MD5). Imports nothing
 * Node-only.
 */
import { base64ToBytes, bytesToBase64 } from './base64.js';
import { md5 } from '@noble/hashes/legacy.js';
import type { BinaryLike, CryptoProvider } from './provider.js';

const encoder = new TextEncoder();
const toBytes = (d: BinaryLike): Uint8Array => (typeof d === 'string' ? encoder.encode(d) : d);

/** Bounded cache of imported HMAC keys: importKey costs more than the HMAC of a small body. */
const KEY_CACHE_MAX = 64;
const keyCache = new Map<string, Promise<CryptoKey>>();

function cacheId(key: BinaryLike): string {
  return typeof key === 'string' ? `s:${key}` : `b:${bytesToBase64(key)}`;
}

function hmacKey(key: BinaryLike): Promise<CryptoKey> {
  const id = cacheId(key);
  let k = keyCache.get(id);
  if (!k) {
    k = crypto.subtle.importKey('raw', toBytes(key) as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    k.catch(() => keyCache.delete(id));
    if (keyCache.size >= KEY_CACHE_MAX) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(id, k);
  }
  return k;
}

function concat(parts: readonly BinaryLike[]): Uint8Array {
  if (parts.length === 1) return toBytes(parts[0]!);
  const chunks = parts.map(toBytes);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

export const webCrypto: CryptoProvider = {
  name: 'web',
  md5Base64(data: BinaryLike): string {
    return bytesToBase64(md5(toBytes(data)));
  },
  hmacSha256Base64Sync: undefined,
  async hmacSha256Base64Async(key: BinaryLike, parts: readonly BinaryLike[]): Promise<string> {
    const sig = await crypto.subtle.sign('HMAC', await hmacKey(key), concat(parts) as BufferSource);
    return bytesToBase64(new Uint8Array(sig));
  },
  base64Decode: base64ToBytes,
};
