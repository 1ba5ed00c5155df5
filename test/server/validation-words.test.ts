// A validation error says what was wanted, not zod/mini's bare "Invalid input": an enum or literal lists the allowed
// values and the value given (with the nearest allowed one), a wrong type names both types, an unknown key is named.
// A value that could be a secret or personal data — anything longer than a short word — is never repeated back. The
// client refuses before sending; the sandbox answers a signed request that bypasses the client with the same words.
// Whatever the integrator's own zod loaded: its classic API puts English messages in zod's one global config.
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as z from 'zod';
import { recordingClient, type TestSandbox, startTestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => void (sb = await startTestSandbox()));
afterAll(() => sb.close());

const fetched: string[] = [];
const client = () => recordingClient(sb, fetched);
const refused = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as Error & { fields: { path: string; message: string }[] },
  );

it("the integrator's own zod speaking English (its classic API) changes none of these words", async () => {
  const theirs = z.object({ format: z.enum(['pdf', 'csv']) }).safeParse({ format: 'PDF' });
  expect(theirs.error?.issues[0]?.message).toMatch(/^Invalid option/);
  const bundle = await refused(client().downloadBundle({ id: 'app_1', format: 'PDF' as 'pdf' }));
  expect(bundle.fields).toEqual([
    { path: 'format', message: "must be one of 'pdf', 'csv', 'json'; got 'PDF' — did you mean 'pdf'?" },
  ]);
  const raw = await sb.request('POST', '/api/v1/acme/c_3/profile', { bank_id: 'sandbox-bank', pathway: 'crawlr' });
  expect(raw.json.error.fields).toEqual([
    { path: 'pathway', message: "must be one of 'cdr', 'crawler'; got 'crawlr' — did you mean 'crawler'?" },
  ]);
  expect(fetched).toEqual([]);
});

it("the client names the allowed values and the value given, with the nearest one — never 'Invalid input'", async () => {
  const bundle = await refused(client().downloadBundle({ id: 'app_1', format: 'PDF' as 'pdf' }));
  expect(bundle).toMatchObject({
    name: 'HostedJourneyValidationError',
    fields: [{ path: 'format', message: "must be one of 'pdf', 'csv', 'json'; got 'PDF' — did you mean 'pdf'?" }],
  });
  const attach = await refused(
    client().attachInstitution({
      vendor: 'acme',
      ref: 'c_1',
      bank_id: 'sandbox-bank',
      pathway: 'cdrr' as 'cdr',
      days_to_retrieve: '90' as unknown as number,
      colour: 'blue',
    } as Parameters<ReturnType<typeof client>['attachInstitution']>[0]),
  );
  expect(attach.fields).toEqual(
    expect.arrayContaining([
      { path: 'pathway', message: "must be one of 'cdr', 'crawler'; got 'cdrr' — did you mean 'cdr'?" },
      { path: 'days_to_retrieve', message: 'must be a number; got a string' },
      { path: '(root)', message: "unknown key 'colour'" },
    ]),
  );
  expect(attach.message).not.toMatch(/Invalid input/);
  expect(attach.message).toContain("pathway: must be one of 'cdr', 'crawler'; got 'cdrr'");
  expect(fetched).toEqual([]);
});

it('a value that could be a secret or personal data is described by its type, never repeated', async () => {
  const secret = 'sk_live_5f2b9c0e1d7a4b3c8e6f';
  const e = await refused(client().downloadBundle({ id: 'app_1', format: secret as 'pdf' }));
  expect(e.fields).toEqual([{ path: 'format', message: "must be one of 'pdf', 'csv', 'json'; got a string" }]);
  const spaced = await refused(client().downloadBundle({ id: 'app_1', format: 'Jane Citizen' as 'pdf' }));
  expect(spaced.message).not.toContain('Jane');
  expect(`${e.message}${JSON.stringify(e.fields)}`).not.toContain(secret);
  expect(fetched).toEqual([]);
});

it('the sandbox answers a signed request that bypasses the client 422 with the same words', async () => {
  const res = await sb.request('POST', '/api/v1/acme/c_2/profile', { bank_id: 'sandbox-bank', pathway: 'crawlr' });
  expect(res.status).toBe(422);
  expect(res.json.error.fields).toEqual([
    { path: 'pathway', message: "must be one of 'cdr', 'crawler'; got 'crawlr' — did you mean 'crawler'?" },
  ]);
  expect(res.text).not.toMatch(/Invalid input/);
});
