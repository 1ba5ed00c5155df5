/** node:crypto provider: every method synchronous (the asynchronous HMAC wraps the synchronous one). */
import { type KeyObject, createHash, createHmac, createSecretKey } from 'node:crypto';
import type { BinaryLike, CryptoProvider } from './provider.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * HMAC keys prepared once: createHmac with a KeyObject skips copying and preparing the key on every call (alone 2-9 %
 * at 1 KiB hmac; kept, issue 10).
 */
const KEY_CACHE_MAX = 256;
const textKeys = new Map<string, KeyObject>();
const byteKeys = new WeakMap<Uint8Array, KeyObject>();

function hmacKey(key: BinaryLike): KeyObject | BinaryLike {
  if (typeof key === 'string') {
    let k = textKeys.get(key);
    if (!k) {
      if (key.length === 0) return key; // createSecretKey refuses empty keys; HMAC accepts them
      if (textKeys.size >= KEY_CACHE_MAX) textKeys.delete(textKeys.keys().next().value!);
      textKeys.set(key, (k = createSecretKey(key, 'utf8')));
    }
    return k;
  }
  // Byte keys are cached by identity (decoded `whsec_` keys are); a caller's array may change, so copy on first use.
  let k = byteKeys.get(key);
  if (!k) {
    if (key.length === 0) return key;
    byteKeys.set(key, (k = createSecretKey(Buffer.from(key))));
  }
  return k;
}

function hmacSha256Base64Sync(key: BinaryLike, parts: readonly BinaryLike[]): string {
  const h = createHmac('sha256', hmacKey(key));
  for (const p of parts) h.update(p);
  return h.digest('base64');
}

export const nodeCrypto: CryptoProvider = {
  name: 'node',
  md5Base64(data: BinaryLike): string {
    return createHash('md5').update(data).digest('base64');
  },
  hmacSha256Base64Sync,
  hmacSha256Base64Async: async (key, parts) => hmacSha256Base64Sync(key, parts),
  base64Decode(text: string): Uint8Array {
    if (!BASE64.test(text)) throw new Error('invalid base64');
    return new Uint8Array(Buffer.from(text, 'base64'));
  },
};
