// ApiErrorCode is a closed union at compile time (test/types/built-types.test.ts); a code the service adds later
// must still reach the caller unchanged at run time, not be replaced or dropped.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../src/server/index.js';
import { json, startHttp } from '../support/http.js';

let srv: Awaited<ReturnType<typeof startHttp>>;
beforeAll(async () => {
  srv = await startHttp((_r, res) =>
    json(res, 409, { error: { code: 'SOME_FUTURE_CODE', message: 'a rule this SDK version does not know' } }),
  );
});
afterAll(() => srv.close());

it('a code the service adds later arrives as the service sent it', async () => {
  const c = createClient({ baseUrl: srv.url, tokenId: 'tok_1', signingSecret: 'sk_test_secret', retry: false });
  const err = await c.finalise({ vendor: 'acme', ref: 'c1' }).catch((e: unknown) => e);
  expect(err).toMatchObject({ name: 'ApiError', status: 409, code: 'SOME_FUTURE_CODE' });
  expect((err as Error).message).toBe('finalise: 409 a rule this SDK version does not know');
});
