/**
 * The 'standard' scheme, Standard Webhooks: `webhook-id`, `webhook-timestamp` (unix seconds), `webhook-signature:
 * v1,<base64>` (space-separated list) = HMAC-SHA256 over `${id}.${timestamp}.${body}` with the base64 key of a
 * `whsec_` secret. Matches the `standardwebhooks` package, but hashes the exact body bytes (no UTF-8 round trip).
 */
import { HEADERS } from '../../protocol/signing.js';
import { type BinaryLike, type CryptoProvider, type HmacKey, hmacEach } from '../crypto/provider.js';
import { timingSafeEqualString } from '../crypto/timing-safe.js';
import { SignatureVerificationError } from '../errors.js';
import { type HeadersInput, requireHeader } from '../inputs/headers.js';
import { type ResolvedKeys, signingKey } from '../inputs/keys.js';
import { type Clock, type ToleranceMs, checkTimestamp, readClock } from '../inputs/time.js';

const UNIX_SECONDS = /^\d{1,12}$/;
const WHITESPACE = /\s/;

export interface StandardSignInput {
  body: string | Uint8Array;
  /** The `webhook-id`. */
  id: string;
  /** Signing time, epoch ms. */
  timeMs: number;
  /** The `whsec_` secret (checked by `signingKey`). */
  secret: string;
}

/** A Standard Webhooks delivery: the body and its headers. No closure per call on the synchronous path. */
export function signStandard(
  provider: CryptoProvider,
  o: StandardSignInput,
): Promise<{ body: string | Uint8Array; headers: Record<string, string> }> {
  const key = signingKey(provider, o.secret, 'standard');
  const ts = String(Math.floor(o.timeMs / 1000));
  const parts = [`${o.id}.${ts}.`, o.body];
  const sync = provider.hmacSha256Base64Sync;
  if (sync) return Promise.resolve(standardSigned(o, ts, sync(key, parts)));
  return provider.hmacSha256Base64Async(key, parts).then((sig) => standardSigned(o, ts, sig));
}

function standardSigned(o: StandardSignInput, ts: string, sig: string) {
  return {
    body: o.body,
    headers: {
      [HEADERS.webhookId]: o.id,
      [HEADERS.webhookTimestamp]: ts,
      [HEADERS.webhookSignature]: `v1,${sig}`,
      [HEADERS.contentType]: 'application/json',
    },
  };
}

/** What verifyStandard needs besides the delivery: prepared when the verifier was made. */
export interface StandardVerifyInput {
  headers: HeadersInput;
  body: string | Uint8Array;
  keys: ResolvedKeys;
  tolerance: ToleranceMs;
  now: Clock | undefined;
}

/**
 * Resolves to `done(tokenId of the key that matched)`; throws (synchronously) or rejects with
 * SignatureVerificationError.
 */
export function verifyStandard<R>(
  provider: CryptoProvider,
  o: StandardVerifyInput,
  done: (tokenId: string) => R,
): Promise<R> {
  const { headers } = o;
  const keys = o.keys.list;
  const id = requireHeader(headers, HEADERS.webhookId);
  const tsText = requireHeader(headers, HEADERS.webhookTimestamp);
  const sigHeader = requireHeader(headers, HEADERS.webhookSignature);
  if (!UNIX_SECONDS.test(tsText)) {
    throw new SignatureVerificationError('MALFORMED_HEADER', `${HEADERS.webhookTimestamp} must be unix seconds`, {
      header: HEADERS.webhookTimestamp,
    });
  }
  if (id.length > 256 || WHITESPACE.test(id)) {
    throw new SignatureVerificationError('MALFORMED_HEADER', `${HEADERS.webhookId} is malformed`, {
      header: HEADERS.webhookId,
    });
  }
  const offered: string[] = [];
  for (const s of sigHeader.split(' ')) if (s.startsWith('v1,')) offered.push(s.slice(3));
  if (offered.length === 0) {
    throw new SignatureVerificationError(
      'MALFORMED_HEADER',
      `${HEADERS.webhookSignature} holds no 'v1,<base64>' signature`,
      { header: HEADERS.webhookSignature },
    );
  }
  checkTimestamp(Number(tsText) * 1000, readClock(o.now), o.tolerance);
  const parts = [`${id}.${tsText}.`, o.body];
  // Every key is tried (no early exit on a match), so the time taken does not tell which key matched.
  const jobs: (readonly [HmacKey, readonly BinaryLike[]])[] = [];
  for (let i = 0; i < keys.length; i++) jobs.push([keys[i]!.key, parts]);
  return hmacEach(provider, jobs, (expected) => {
    let matched: string | undefined;
    for (let i = 0; i < keys.length; i++) {
      for (const sig of offered)
        if (timingSafeEqualString(expected[i]!, sig) && matched === undefined) matched = keys[i]!.tokenId;
    }
    if (matched === undefined)
      throw new SignatureVerificationError('BAD_SIGNATURE', 'no webhook-signature matches any configured key');
    return done(matched);
  });
}
