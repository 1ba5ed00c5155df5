// The browser message path validates with the tiny checker in src/protocol/check.ts instead of zod (bundle budget).
// This suite keeps it honest: each message schema has a zod/mini twin here, and fast-check shows both accept exactly the
// same inputs and return the same data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { BANK_AUTHORISATION_STATUSES, journeyEventSchemas, parentMessageSchemas } from '../../src/protocol/messages.js';
import { CONSENT_ID_PATTERN } from '../../src/protocol/url.js';

const step = z.string().check(z.minLength(1), z.maxLength(64));
const url = z.url({ protocol: /^https?$/ });
const zodTwins = {
  hello: z.object({}),
  ready: z.object({ step }),
  step: z.object({ step }),
  institution_selected: z.object({
    institutionId: z.string().check(z.minLength(1), z.maxLength(64)),
    name: z.string().check(z.maxLength(200)),
    pathway: z.enum(['cdr', 'crawler']),
  }),
  bank_authorisation: z.object({
    consentId: z.string().check(z.regex(CONSENT_ID_PATTERN)),
    popup: z.optional(z.enum(['opened', 'blocked'])),
  }),
  bank_authorisation_completed: z.object({ status: z.enum(BANK_AUTHORISATION_STATUSES) }),
  released: z.object({}),
  completed: z.object({
    applicationId: z.string().check(z.minLength(1), z.maxLength(128)),
    consentId: z.optional(z.string().check(z.regex(CONSENT_ID_PATTERN))),
    sharingExpiresAt: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  }),
  error: z.object({
    code: z.string().check(z.minLength(1), z.maxLength(64)),
    message: z.string().check(z.maxLength(2000)),
    recoverable: z.boolean(),
  }),
  exit: z.object({ reason: z.string().check(z.minLength(1), z.maxLength(64)) }),
  escape: z.object({}),
  welcome: z.object({
    prefill: z.optional(
      z.object({
        fullName: z.optional(z.string().check(z.maxLength(200))),
        email: z.optional(z.string().check(z.maxLength(254))),
        phone: z.optional(z.string().check(z.maxLength(32))),
      }),
    ),
    bankAuthorisation: z.optional(z.object({ strategy: z.enum(['popup', 'redirect']), returnUrl: z.optional(url) })),
    visibility: z.optional(z.enum(['hidden', 'visible'])),
    mode: z.optional(z.enum(['inline', 'modal'])),
  }),
  visibility: z.object({ state: z.enum(['hidden', 'visible']) }),
  bank_authorisation_result: z.object({
    status: z.enum(BANK_AUTHORISATION_STATUSES),
    params: z.optional(z.record(z.string(), z.string())),
  }),
  close: z.object({}),
};
const ours = { ...journeyEventSchemas, ...parentMessageSchemas };

const fieldNames = [
  'step',
  'institutionId',
  'name',
  'pathway',
  'url',
  'consentId',
  'popup',
  'status',
  'applicationId',
  'code',
  'message',
  'recoverable',
  'reason',
  'prefill',
  'fullName',
  'email',
  'phone',
  'bankAuthorisation',
  'strategy',
  'returnUrl',
  'params',
  'visibility',
  'state',
  'extra',
];
const leaf = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ minLength: 60, maxLength: 70 }),
  fc.constantFrom(
    '',
    'cdr',
    'crawler',
    'opened',
    'blocked',
    'popup',
    'redirect',
    'hidden',
    'visible',
    ...BANK_AUTHORISATION_STATUSES,
  ),
  fc.constantFrom('cns_0123', 'c'.repeat(128), 'c'.repeat(129), '../x', 'a/b', '%2e', 'a.b', 'cns\n'),
  fc.stringMatching(/^[A-Za-z0-9_./%-]{0,130}$/),
  fc.constantFrom(
    'https://bank.example/x?y=1',
    'http://localhost:3000/r',
    'javascript:alert(1)',
    'ftp://x.example',
    'http://',
    'HTTPS://EXAMPLE.COM',
    'data:text/html,x',
    'not a url',
    '//example.com',
  ),
  fc.webUrl(),
  fc.boolean(),
  fc.integer(),
  fc.constant(undefined),
  fc.constant(null),
);
const nested = fc.dictionary(fc.constantFrom(...fieldNames), leaf, { maxKeys: 6 });
const value = fc.oneof(leaf, nested, fc.array(leaf, { maxLength: 2 }));
const payload = fc.oneof(fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 8 }), fc.anything(), leaf);

/** A valid payload per type; the generator mutates these (drops keys, overrides a few with fuzz) to probe each edge. */
const samples: Record<keyof typeof zodTwins, Record<string, unknown>> = {
  hello: {},
  escape: {},
  released: {},
  close: {},
  ready: { step: 'terms' },
  step: { step: 'banks' },
  institution_selected: { institutionId: 'cba', name: 'CommBank', pathway: 'cdr' },
  bank_authorisation: { consentId: 'cns_0123abcd', popup: 'opened', url: 'https://bank.example/consent?c=1' },
  bank_authorisation_completed: { status: 'closed' },
  completed: { applicationId: 'app_1', consentId: 'cns_0123abcd', sharingExpiresAt: '2027-12-02T08:00:00.000Z' },
  error: { code: 'E', message: 'm', recoverable: true },
  exit: { reason: 'user_left' },
  welcome: {
    prefill: { fullName: 'A B', email: 'a@b.co' },
    bankAuthorisation: { strategy: 'redirect', returnUrl: 'http://127.0.0.1:3000/back' },
    visibility: 'hidden',
    mode: 'modal',
  },
  visibility: { state: 'visible' },
  bank_authorisation_result: { status: 'authorised', params: { consent_id: 'c1' } },
};
const mutated = (sample: Record<string, unknown>) =>
  fc
    .tuple(
      fc.subarray(Object.keys(sample)),
      fc.dictionary(fc.constantFrom(...Object.keys(sample), 'extra'), value, { maxKeys: 2 }),
    )
    .map(([dropped, overrides]) => {
      const out: Record<string, unknown> = { ...sample, ...overrides };
      for (const k of dropped) if (!(k in overrides)) delete out[k];
      return out;
    });

describe('check.ts schemas behave exactly like their zod twins', () => {
  it('has a twin for every message type', () => {
    expect(Object.keys(zodTwins).sort()).toEqual(Object.keys(ours).sort());
  });

  for (const type of Object.keys(zodTwins) as (keyof typeof zodTwins)[]) {
    it(`'${type}': same verdict and same data on 3 000 generated payloads`, () => {
      const verdicts = { accepted: 0, refused: 0 };
      fc.assert(
        fc.property(fc.oneof(payload, mutated(samples[type]), mutated(samples[type])), (p) => {
          const a = ours[type].safeParse(p);
          const b = zodTwins[type].safeParse(p);
          expect(a.success).toBe(b.success);
          if (a.success && b.success) expect(a.data).toStrictEqual(b.data);
          verdicts[a.success ? 'accepted' : 'refused']++;
        }),
        { numRuns: 3000, seed: 20261122 },
      );
      // Not vacuous: the generator reaches both sides of every schema.
      expect(verdicts.accepted).toBeGreaterThan(10);
      expect(verdicts.refused).toBeGreaterThan(10);
    });
  }
});
