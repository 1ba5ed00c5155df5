/**
 * The MCP server drives only a sandbox. Its tools revoke consents, move clocks and send signed calls a model chose, so
 * before any of them runs, `--url` must answer what only a sandbox answers: the index's JSON (`GET /` with `Accept:
 * application/json`, unsigned, no redirect followed) named `hosted-journey sandbox`, listing the token the tools sign
 * with. A production base URL answers neither, and no tool signs a request until both hold.
 */
import type { SandboxIndex } from '../home/model.js';

const SANDBOX_NAME: SandboxIndex['name'] = 'hosted-journey sandbox';
const TIMEOUT_MS = 10_000;

/** What `GET /` answered, in a few words, for the refusal. */
async function answered(res: Response): Promise<{ index?: Partial<SandboxIndex>; said: string }> {
  const type = res.headers.get('content-type') ?? 'no content type';
  if (!type.includes('json')) {
    await res.body?.cancel();
    return { said: `${res.status} ${type}` };
  }
  const body = (await res.json().catch(() => undefined)) as Partial<SandboxIndex> & { error?: { code?: string } };
  if (res.ok && body?.name === SANDBOX_NAME) return { index: body, said: `${res.status}` };
  const code = body?.error?.code;
  // A sandbox answers its index only to a host name it serves (DNS rebinding): say how to add one.
  const hint = code === 'HOST_NOT_ALLOWED' ? '; for a sandbox, start it with --allowed-host <its host name>' : '';
  return { said: `${res.status} ${type}${code ? ` (${code})` : ''}${hint}` };
}

/** Resolves when `url` serves a sandbox that knows `tokenId`; rejects with what to do otherwise. */
export async function checkSandbox(url: string, tokenId: string): Promise<void> {
  const index = `${new URL(url).origin}/`;
  let res: Response;
  try {
    res = await fetch(index, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new Error(`nothing answered at ${url} (${cause}): start the sandbox first, or leave out --url`);
  }
  const { index: model, said } = await answered(res);
  if (!model)
    throw new Error(
      `${url} is not a hosted-journey sandbox (GET ${index} with Accept: application/json answered ${said}, not ` +
        "the sandbox's index): the MCP server drives only a sandbox, never the service",
    );
  const tokens = (model.tokens ?? []).map((t) => t.token_id);
  if (!tokens.includes(tokenId))
    throw new Error(
      `the sandbox at ${url} has no token '${tokenId}' (it has ${tokens.join(', ') || 'none'}): set HJ_TOKEN_ID and ` +
        "HJ_SIGNING_SECRET to one of the sandbox's tokens (its --token), or unset both for its default token",
    );
}
