/**
 * The crypto seam of the backend helper. Two implementations: node.ts (node:crypto) and web.ts (Web Crypto +
 * md5.ts); the entry's build picks one (see scripts/build.mjs), never by sniffing globals.
 *
 * Synchronous and asynchronous methods are kept apart, as in stripe-node's CryptoProvider: MD5 and base64 are
 * synchronous everywhere; HMAC is synchronous on node:crypto (`hmacSha256Base64Sync`) and asynchronous everywhere
 * (`hmacSha256Base64Async`). Callers pick the synchronous one when present (`hmacEach` does it for several keys), so
 * the Node path awaits nothing and no `MaybePromise` runs through the schemes.
 *
 * Keys: a verifier prepares each of its keys once with `hmacKey` (node: a KeyObject; web: a CryptoKey imported on
 * first use and kept on the prepared key), so a delivery neither copies nor imports a key. A one-shot call (signing
 * a request) passes the secret itself.
 */

/** Bytes or text; text is always encoded as UTF-8. */
export type BinaryLike = string | Uint8Array;

/** A key prepared by `CryptoProvider.hmacKey`; opaque outside the provider that made it. */
export interface PreparedHmacKey {
  readonly prepared: true;
}

/** An HMAC key: prepared once, or the secret itself (text as UTF-8, or bytes). */
export type HmacKey = BinaryLike | PreparedHmacKey;

type Hmac = (key: HmacKey, parts: readonly BinaryLike[]) => string;

export interface CryptoProvider {
  readonly name: 'node' | 'web';
  /** Base64 MD5 of the exact bytes (used for `Content-MD5`). */
  md5Base64(data: BinaryLike): string;
  /** Decodes standard base64 (used for `whsec_` secrets). Throws on malformed input. */
  base64Decode(text: string): Uint8Array;
  /** Prepares a non-empty HMAC-SHA256 key for many uses (the provider keeps its own copy of bytes). */
  hmacKey(secret: BinaryLike): PreparedHmacKey;
  /**
   * Base64 HMAC-SHA256 of the concatenated parts, computed synchronously; `undefined` where the platform has none (Web
   * Crypto).
   */
  readonly hmacSha256Base64Sync: Hmac | undefined;
  /** Base64 HMAC-SHA256 of the concatenated parts. `key` as text is UTF-8 encoded. */
  hmacSha256Base64Async(key: HmacKey, parts: readonly BinaryLike[]): Promise<string>;
}

/**
 * The HMACs of `jobs` (every one is computed: no early exit reveals which key matched), handed to `then`. With a
 * synchronous HMAC nothing is awaited and a throw from `then` becomes the rejection.
 */
export function hmacEach<T>(
  provider: CryptoProvider,
  jobs: readonly (readonly [HmacKey, readonly BinaryLike[]])[],
  then: (signatures: string[]) => T,
): Promise<T> {
  const sync = provider.hmacSha256Base64Sync;
  if (sync) {
    try {
      const signatures: string[] = [];
      for (let i = 0; i < jobs.length; i++) signatures.push(sync(jobs[i]![0], jobs[i]![1]));
      return Promise.resolve(then(signatures));
    } catch (e) {
      return Promise.reject(e);
    }
  }
  return Promise.all(jobs.map(([key, parts]) => provider.hmacSha256Base64Async(key, parts))).then(then);
}
