/**
 * Verification keys and secrets: checked once, when a verifier is made, and prepared for the provider (`whsec_`
 * secrets decoded for the standard scheme), indexed by tokenId for the 'hmac' scheme's lookup.
 */
import type { CryptoProvider, HmacKey, PreparedHmacKey } from '../crypto/provider.js';
import { ServerConfigError } from '../errors.js';

export interface VerificationKey {
  /** Public identifier sent in the `Authorization` header (`HMAC <tokenId>:…`); a label under the standard scheme. */
  tokenId: string;
  /** The signing secret. For the standard scheme: `whsec_<base64>`. */
  secret: string;
}

/** A key ready for verification: its label and the provider's prepared HMAC key. */
export interface PreparedKey {
  readonly tokenId: string;
  readonly key: PreparedHmacKey;
}

/** Prepared keys, in the order given, and indexed by tokenId. */
export interface ResolvedKeys {
  list: readonly PreparedKey[];
  byTokenId: ReadonlyMap<string, readonly PreparedKey[]>;
}

const STANDARD_SECRET = 'whsec_';

/** The HMAC key bytes of a `whsec_<base64>` secret; ServerConfigError naming `field` when it is not one. */
export function standardKeyBytes(provider: CryptoProvider, secret: string, field: string): Uint8Array {
  const b64 = secret.startsWith(STANDARD_SECRET) ? secret.slice(STANDARD_SECRET.length) : secret;
  let key: Uint8Array;
  try {
    key = provider.base64Decode(b64);
  } catch {
    throw new ServerConfigError(field, `${field} must be 'whsec_' followed by base64 for the 'standard' scheme`);
  }
  if (key.length === 0) throw new ServerConfigError(field, `${field} is empty`);
  return key;
}

/** The last 'standard' signing key: its provider, the `whsec_` secret it was decoded from, and the prepared key. */
let lastStandard: { provider: CryptoProvider; secret: string; key: PreparedHmacKey } | undefined;

/**
 * The key of a signing call (a request, a delivery): the secret checked (`checkSecret`; 'standard': `whsec_` +
 * base64). An 'hmac' secret goes to the provider as it is. A 'standard' secret is decoded and prepared once: a sender
 * signs with one secret call after call, so the last one's prepared key is kept and reused for the same secret and
 * provider, until a call with another secret replaces it (never logged or handed out). Measured: decoding the
 * `whsec_` secret and copying its key on every call takes about 30% of a 'standard' signature at 1 KiB; side by side
 * (41 pairs of adjacent 40 ms slices, CPU time), the prepared key runs at 1.33× (IQR 1.17–1.53) the call without it.
 * For 'hmac' secrets the same measured 1.08× (IQR 0.96–1.27), inside the spread: not kept (docs/performance.md).
 */
export function signingKey(provider: CryptoProvider, secret: unknown, scheme: 'hmac' | 'standard'): HmacKey {
  const checked = checkSecret(secret, 'secret');
  if (scheme !== 'standard') return checked;
  const last = lastStandard;
  if (last !== undefined && last.secret === checked && last.provider === provider) return last.key;
  const key = provider.hmacKey(standardKeyBytes(provider, checked, 'secret'));
  lastStandard = { provider, secret: checked, key };
  return key;
}

/**
 * Checks every key (ServerConfigError naming `keys[i].tokenId` / `keys[i].secret`, never the secret) and prepares it:
 * 'hmac' keys are the secret's UTF-8 bytes, 'standard' keys the decoded `whsec_` bytes.
 */
export function resolveKeys(provider: CryptoProvider, keys: unknown, standard: boolean): ResolvedKeys {
  if (!Array.isArray(keys) || keys.length === 0) {
    throw new ServerConfigError('keys', 'keys must be a non-empty array of { tokenId, secret }');
  }
  const list: PreparedKey[] = [];
  const byTokenId = new Map<string, PreparedKey[]>();
  keys.forEach((k: unknown, i) => {
    const key = k as Partial<VerificationKey> | null;
    if (!key || typeof key.tokenId !== 'string' || key.tokenId === '') {
      throw new ServerConfigError(`keys[${i}].tokenId`, `keys[${i}].tokenId must be a non-empty string`);
    }
    const field = `keys[${i}].secret`;
    const secret = checkSecret(key.secret, field);
    const prepared = {
      tokenId: key.tokenId,
      key: provider.hmacKey(standard ? standardKeyBytes(provider, secret, field) : secret),
    };
    list.push(prepared);
    const same = byTokenId.get(prepared.tokenId);
    if (same) same.push(prepared);
    else byTokenId.set(prepared.tokenId, [prepared]);
  });
  return { list, byTokenId };
}

export function checkSecret(secret: unknown, field: string): string {
  if (typeof secret !== 'string' || secret === '')
    throw new ServerConfigError(field, `${field} must be a non-empty string`);
  if (secret.trim() !== secret) {
    throw new ServerConfigError(
      field,
      `${field} has leading or trailing whitespace (a copy-paste or .env newline?); trim it`,
    );
  }
  return secret;
}

/**
 * For one-shot calls (`verifyWebhook`, `verifyRequest`), which get their keys anew on every call: the keys prepared
 * for the last call with the same array, provider and scheme, used only while the array still holds exactly the
 * tokenIds and secrets seen then (editing it in place, for rotation, is picked up on the next call). A verifier made
 * once (`createWebhookVerifier`, the handler) never comes here. Measured: without it a one-shot 'standard' verify at
 * 1 KiB runs at about half the rate (decoding `whsec_` and preparing the key dominate).
 */
const oneShot = new WeakMap<
  object,
  { provider: CryptoProvider; standard: boolean; seen: unknown[]; keys: ResolvedKeys }
>();

export function resolveKeysOnce(provider: CryptoProvider, keys: unknown, standard: boolean): ResolvedKeys {
  if (!Array.isArray(keys)) return resolveKeys(provider, keys, standard);
  const hit = oneShot.get(keys);
  if (hit && hit.provider === provider && hit.standard === standard && hit.seen.length === keys.length * 2) {
    let same = true;
    for (let i = 0; i < keys.length && same; i++) {
      const k = keys[i] as VerificationKey | null;
      same = !!k && k.tokenId === hit.seen[2 * i] && k.secret === hit.seen[2 * i + 1];
    }
    if (same) return hit.keys;
  }
  const resolved = resolveKeys(provider, keys, standard);
  const seen = keys.flatMap((k: VerificationKey) => [k.tokenId, k.secret]);
  oneShot.set(keys, { provider, standard, seen, keys: resolved });
  return resolved;
}
