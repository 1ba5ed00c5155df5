/** node:crypto provider: synchronous, the fast path on Node. */
import { createHash, createHmac } from 'node:crypto';
import type { BinaryLike, CryptoProvider } from './provider.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const nodeCrypto: CryptoProvider = {
  name: 'node',
  md5Base64(data: BinaryLike): string {
    return createHash('md5').update(data).digest('base64');
  },
  hmacSha256Base64(key: BinaryLike, parts: readonly BinaryLike[]): string {
    const h = createHmac('sha256', key);
    for (const p of parts) h.update(p);
    return h.digest('base64');
  },
  base64Decode(text: string): Uint8Array {
    if (!BASE64.test(text)) throw new Error('invalid base64');
    return new Uint8Array(Buffer.from(text, 'base64'));
  },
};
