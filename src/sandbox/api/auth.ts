/** Signature check of every signed API request, and `Idempotency-Key` replay of POSTs. */
import { createHash } from 'node:crypto';
import { HEADERS } from '../../protocol/index.js';
import { isSignatureVerificationError } from '../../server/index.js';
import { verifyRequest } from '../../server/testing.js';
import type { SandboxContext } from '../core/context.js';
import { ERROR_STATUS, SandboxErrorCode as E, SandboxHttpError, type SandboxErrorCode } from '../core/errors.js';
import type { Reply, RequestInfo } from '../core/http.js';

/** Verifies the HMAC signature; resolves to the token id or throws a 401 whose code names the failure. */
export async function authenticate(ctx: SandboxContext, info: RequestInfo): Promise<string> {
  try {
    const { tokenId } = await verifyRequest({
      method: info.req.method ?? 'GET',
      path: info.rawPath,
      headers: info.req.headers,
      body: info.body,
      keys: ctx.tokens,
      now: () => ctx.now().getTime(),
    });
    return tokenId;
  } catch (error) {
    if (isSignatureVerificationError(error)) {
      // Every verification failure is a 401 here (missing headers included): the request is not authenticated.
      const code = (error.code in ERROR_STATUS ? error.code : E.UNAUTHORISED) as SandboxErrorCode;
      const clock = code === E.TIMESTAMP_TOO_OLD || code === E.TIMESTAMP_IN_FUTURE ? clockHint(ctx, info) : '';
      throw new SandboxHttpError(code, `request signature rejected: ${error.message}${clock}`);
    }
    throw error;
  }
}

/**
 * Both clocks of a refused Date, as ISO times (the client scrubs its own header values from messages): the sandbox
 * checks against its `now` option's clock, which differs from the system's when the option is set.
 */
function clockHint(ctx: SandboxContext, info: RequestInfo): string {
  const date = new Date(String(info.req.headers.date));
  const sent = Number.isNaN(date.getTime()) ? 'unreadable' : date.toISOString();
  return (
    `: the sandbox's clock is set to ${ctx.now().toISOString()} and the request's Date is ${sent}. ` +
    "A sandbox started with `now` checks signatures against that clock: sign with it (createClient's `now`, " +
    "signRequest's `date`), or start the sandbox without `now`"
  );
}

/** Longest `Idempotency-Key` accepted. */
export const MAX_KEY_LENGTH = 255;

/**
 * Same key + same body → the stored response again (header `idempotent-replayed: true`); same key with another body
 * → 409. Only 2xx replies are stored, so a request refused for ordering can be retried once its precondition holds.
 */
export async function withIdempotency(
  ctx: SandboxContext,
  info: RequestInfo,
  tokenId: string,
  run: () => Promise<Reply> | Reply,
): Promise<Reply> {
  const key = info.req.headers[HEADERS.idempotencyKey];
  if (info.req.method !== 'POST' || typeof key !== 'string' || key === '') return run();
  if (key.length > MAX_KEY_LENGTH)
    throw new SandboxHttpError(E.BAD_REQUEST, `idempotency-key must be at most ${MAX_KEY_LENGTH} characters`);
  const slot = `${tokenId} POST ${info.url.pathname} ${key}`;
  const bodyHash = createHash('sha256').update(info.body).digest('hex');
  const stored = ctx.state.idempotency.get(slot);
  if (stored) {
    if (stored.bodyHash !== bodyHash) {
      throw new SandboxHttpError(E.IDEMPOTENCY_KEY_REUSED, 'this idempotency-key was used with a different body');
    }
    return { status: stored.status, headers: { ...stored.headers, 'idempotent-replayed': 'true' }, body: stored.body };
  }
  const reply = await run();
  if (reply.status >= 200 && reply.status < 300) {
    const body = reply.body !== undefined ? Buffer.from(reply.body) : Buffer.from(JSON.stringify(reply.json ?? null));
    const headers = { 'content-type': 'application/json; charset=utf-8', ...reply.headers };
    ctx.state.idempotency.set(slot, { bodyHash, status: reply.status, headers, body });
  }
  return reply;
}
