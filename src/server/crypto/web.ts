/**
 * Web Crypto provider for Fetch-API runtimes (edge workers, Deno, Bun, browsers): HMAC through `crypto.subtle`, MD5
 * from md5.ts (Web Crypto has no MD5; tested against node:crypto and RFC 1321's suite). A prepared key imports itself
 * once, on first use (importKey costs more than the HMAC of a small body). Imports nothing Node-only.
 */
import { base64ToBytes, bytesToBase64 } from './base64.js';
import { md5 } from './md5.js';
import type { BinaryLike, CryptoProvider, HmacKey, PreparedHmacKey } from './provider.js';

const encoder = new TextEncoder();
const toBytes = (d: BinaryLike): Uint8Array => (typeof d === 'string' ? encoder.encode(d) : d);

const importHmac = (bytes: Uint8Array): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', bytes as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

class WebKey implements PreparedHmacKey {
  readonly prepared = true;
  #imported: Promise<CryptoKey> | undefined;
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }
  /** Imported on first use; a failed import is tried again next time. */
  get cryptoKey(): Promise<CryptoKey> {
    if (!this.#imported) {
      this.#imported = importHmac(this.#bytes);
      this.#imported.catch(() => {
        this.#imported = undefined;
      });
    }
    return this.#imported;
  }
}

const cryptoKeyOf = (key: HmacKey): Promise<CryptoKey> =>
  key instanceof WebKey ? key.cryptoKey : importHmac(toBytes(key as BinaryLike));

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
  hmacKey: (secret: BinaryLike) => new WebKey(typeof secret === 'string' ? encoder.encode(secret) : secret.slice()),
  hmacSha256Base64Sync: undefined,
  async hmacSha256Base64Async(key: HmacKey, parts: readonly BinaryLike[]): Promise<string> {
    const sig = await crypto.subtle.sign('HMAC', await cryptoKeyOf(key), concat(parts) as BufferSource);
    return bytesToBase64(new Uint8Array(sig));
  },
  base64Decode: base64ToBytes,
};
