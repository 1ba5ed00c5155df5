/** A running sandbox as the testing kit's functions take it, and the signed call they make to its sandbox-only API. */
import { signRequest } from '../../server/index.js';
import { DEFAULT_TOKENS } from '../options.js';
import { refused } from './trigger.js';

/** A running sandbox: its URL, and the token to sign with (default the sandbox's first default token). */
export type SandboxTarget = string | { url: string; token?: { id: string; secret: string } };

export function target(sandbox: SandboxTarget): { url: string; token: { id: string; secret: string } } {
  const url = new URL(typeof sandbox === 'string' ? sandbox : sandbox.url).origin;
  const given = typeof sandbox === 'string' ? undefined : sandbox.token;
  const token = given ?? { id: DEFAULT_TOKENS[0]!.tokenId, secret: DEFAULT_TOKENS[0]!.secret };
  return { url, token };
}

/** A signed call (path with its query); answers the JSON body, or throws TriggerJourneyError `REFUSED`. */
export async function signedCall(
  sandbox: SandboxTarget,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
): Promise<unknown> {
  const { url, token } = target(sandbox);
  const text = method === 'POST' ? JSON.stringify(body ?? {}) : '';
  const headers = await signRequest({ method, path, body: text, tokenId: token.id, secret: token.secret });
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers },
    ...(method === 'POST' ? { body: text } : {}),
  });
  if (!res.ok) await refused(res, `${method} ${path}`);
  return res.json();
}
