/** node:crypto provider: every method synchronous (the asynchronous HMAC wraps the synchronous one). */
import { type KeyObject, createHash, createHmac, createSecretKey } from 'node:crypto';
import type { BinaryLike, CryptoProvider, HmacKey, PreparedHmacKey } from './provider.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A KeyObject: createHmac with it skips copying and preparing the key on every call. */
interface NodeKey extends PreparedHmacKey {
  readonly key: KeyObject;
}

const keyOf = (key: HmacKey): KeyObject | BinaryLike =>
  typeof key === 'string' || key instanceof Uint8Array ? key : (key as NodeKey).key;

function hmacSha256Base64Sync(key: HmacKey, parts: readonly BinaryLike[]): string {
  const h = createHmac('sha256', keyOf(key));
  for (const p of parts) h.update(p);
  return h.digest('base64');
}

export const nodeCrypto: CryptoProvider = {
  name: 'node',
  md5Base64(data: BinaryLike): string {
    return createHash('md5').update(data).digest('base64');
  },
  hmacKey: (secret: BinaryLike): NodeKey => ({
    prepared: true,
    key: typeof secret === 'string' ? createSecretKey(secret, 'utf8') : createSecretKey(Buffer.from(secret)),
  }),
  hmacSha256Base64Sync,
  hmacSha256Base64Async: async (key, parts) => hmacSha256Base64Sync(key, parts),
  base64Decode(text: string): Uint8Array {
    if (!BASE64.test(text)) throw new Error('invalid base64');
    return new Uint8Array(Buffer.from(text, 'base64'));
  },
};
