/**
 * The crypto seam of the backend helper. Two implementations: node.ts (node:crypto, synchronous) and web.ts
 * (Web Crypto + @noble/hashes MD5, asynchronous). The entry point picks one — src/server/index.ts or src/server/web.ts,
 * chosen by the package exports map — never by sniffing globals.
 *
 * Methods may return a value or a Promise: the Node provider stays synchronous so the hot path costs no extra
 * microtasks beyond the one `await` at the public API edge.
 */
export type MaybePromise<T> = T | Promise<T>;

/** Bytes or text; text is always encoded as UTF-8. */
export type BinaryLike = string | Uint8Array;

export interface CryptoProvider {
  readonly name: 'node' | 'web';
  /** Base64 MD5 of the exact bytes (used for `Content-MD5`). */
  md5Base64(data: BinaryLike): MaybePromise<string>;
  /** Base64 HMAC-SHA256 of the concatenated parts. `key` as text is UTF-8 encoded. */
  hmacSha256Base64(key: BinaryLike, parts: readonly BinaryLike[]): MaybePromise<string>;
  /** Decodes standard base64 (used for `whsec_` secrets). Throws on malformed input. */
  base64Decode(text: string): Uint8Array;
}
