// Attack: an idempotencyKey taken from user input carrying CR/LF (header injection), control characters, or
// megabytes of text. It must be refused with a typed HostedJourneyValidationError before any request is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startHttp, testClientOptions } from '../support/http.js';
import { entries } from '../support/providers.js';

let srv: Awaited<ReturnType<typeof startHttp>>;
beforeAll(async () => {
  srv = await startHttp((_r, res) => json(res, 200, { application_id: 'app_1', status: 'finalised' }));
});
afterAll(() => srv.close());

const BAD: [string, unknown][] = [
  ['CR LF header injection', 'k1\r\nx-injected: 1'],
  ['a bare LF', 'k1\nx'],
  ['a NUL', 'k1\u0000'],
  ['a tab', 'k1\tk2'],
  ['DEL', 'k1\u007f'],
  ['non-ASCII', 'ключ'],
  ['256 characters', 'k'.repeat(256)],
  ['1 MB', 'k'.repeat(1_000_000)],
  ['empty', ''],
  ['leading space', ' k1'],
  ['a number', 42],
];

describe.each(entries)('idempotencyKey is validated before any request — $name', ({ api }) => {
  it.each(BAD)('%s → HostedJourneyValidationError(idempotencyKey), nothing sent', async (_label, key) => {
    const c = api.createClient(testClientOptions(srv.url));
    srv.requests.length = 0;
    const err = await c.finalise({ vendor: 'acme', ref: 'c1', idempotencyKey: key as string }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      name: 'HostedJourneyValidationError',
      code: 'VALIDATION',
      fields: [{ path: 'idempotencyKey' }],
    });
    expect(srv.requests).toHaveLength(0);
    // A well-formed key of the maximum length is sent as is.
    const ok = 'job-42:attempt 1/'.padEnd(255, 'x');
    await c.finalise({ vendor: 'acme', ref: 'c1', idempotencyKey: ok });
    expect(srv.requests.map((r) => r.headers['idempotency-key'])).toEqual([ok]);
  });
});
