/** A running sandbox as the testing kit's functions take it, and the signed call they make to its sandbox-only API. */
import { signRequest } from '../../server/index.js';
import { DEFAULT_TOKENS } from '../options.js';
import { refused, type SandboxKitOperation } from './errors.js';

/**
 * A running sandbox: its URL, the token to sign with (default the sandbox's first default token), and the clock to
 * sign with when it was started with `now` (it checks signatures against that clock, not the system's).
 * @example { url: sandbox.url, now: () => new Date('2026-11-22T00:00:00Z') }
 */
export type SandboxTarget =
  | string
  | { url: string; token?: { id: string; secret: string } | undefined; now?: (() => Date) | undefined };

export function target(sandbox: SandboxTarget): { url: string; token: { id: string; secret: string } } {
  const url = new URL(typeof sandbox === 'string' ? sandbox : sandbox.url).origin;
  const given = typeof sandbox === 'string' ? undefined : sandbox.token;
  const token = given ?? { id: DEFAULT_TOKENS[0]!.tokenId, secret: DEFAULT_TOKENS[0]!.secret };
  return { url, token };
}

/** The target's signing clock, when it has one. */
export const clockOf = (sandbox: SandboxTarget): (() => Date) | undefined =>
  typeof sandbox === 'string' ? undefined : sandbox.now;

/** A signed call (path with its query) for `operation`; answers the JSON body, or throws its `REFUSED` error. */
export async function signedCall(
  operation: SandboxKitOperation,
  sandbox: SandboxTarget,
  { method, path, body }: { method: 'GET' | 'POST'; path: string; body?: object },
): Promise<unknown> {
  const { url, token } = target(sandbox);
  const text = method === 'POST' ? JSON.stringify(body ?? {}) : '';
  const date = clockOf(sandbox)?.();
  const headers = await signRequest({
    method,
    path,
    body: text,
    tokenId: token.id,
    secret: token.secret,
    ...(date ? { date } : {}),
  });
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers },
    ...(method === 'POST' ? { body: text } : {}),
  });
  if (!res.ok) await refused(res, operation, `${method} ${path}`);
  return res.json();
}
