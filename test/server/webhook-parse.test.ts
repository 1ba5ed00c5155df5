// parseWebhookEvent checks the envelope by hand (the hot path); it must accept exactly what the zod schema accepts
// and return the same result. The reference below is the zod-only implementation it replaced.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KNOWN_WEBHOOK_TYPES,
  type KnownWebhookType,
  type WebhookParseResult,
  parseWebhookEvent,
  webhookDataSchemas,
  webhookEnvelopeSchema,
} from '../../src/protocol/webhooks.js';

function reference(json: unknown): WebhookParseResult {
  const env = webhookEnvelopeSchema.safeParse(json);
  if (!env.success)
    return {
      ok: false,
      detail: env.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
    };
  const type = env.data.type;
  if (!Object.prototype.hasOwnProperty.call(webhookDataSchemas, type))
    return { ok: true, event: env.data as never, known: false };
  const data = webhookDataSchemas[type as KnownWebhookType].safeParse(env.data.data ?? {});
  if (!data.success)
    return { ok: false, detail: data.error.issues.map((i) => `data.${i.path.join('.')}: ${i.message}`).join('; ') };
  return { ok: true, event: { ...env.data, data: data.data } as never, known: true };
}

const str = (max: number) =>
  fc.oneof(fc.string({ maxLength: max }), fc.constant(''), fc.string({ minLength: max - 2, maxLength: max + 2 }));
const odd = fc.oneof(
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);
const data = fc.oneof(
  fc.record(
    {
      consent_id: fc.oneof(str(130), odd),
      institution_id: fc.oneof(str(10), odd),
      pathway: fc.oneof(fc.constantFrom('cdr', 'crawler', 'fax'), odd),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      accounts: fc.oneof(
        fc.integer(),
        fc.array(
          fc.record(
            {
              account_id: str(5),
              current: fc.constantFrom('1.50', '-2', '1.', 'x'),
              available: fc.oneof(fc.constant('3'), odd),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 2 },
        ),
        odd,
      ),
      transactions: fc.oneof(fc.integer(), odd),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      formats: fc.oneof(fc.array(fc.constantFrom('pdf', 'csv', 'json', 'doc'), { maxLength: 3 }), odd),
      status: fc.oneof(fc.string(), odd),
    },
    { requiredKeys: [] },
  ),
  odd,
);
const envelope = fc.record(
  {
    event_id: fc.oneof(str(200), odd),
    type: fc.oneof(
      fc.constantFrom(...KNOWN_WEBHOOK_TYPES, 'brand.new', 'toString', '__proto__', 'constructor'),
      str(100),
      odd,
    ),
    created_at: fc.oneof(str(30), odd),
    vendor: fc.oneof(fc.string({ maxLength: 5 }), odd),
    ref: fc.oneof(fc.string({ maxLength: 5 }), odd),
    application_id: fc.oneof(fc.string({ maxLength: 5 }), odd),
    data,
    extra: fc.oneof(fc.string(), odd),
  },
  { requiredKeys: [] },
);

describe('parseWebhookEvent', () => {
  it('property: same verdict, event and failure detail as the zod schema (structured and arbitrary inputs)', () => {
    const same = (json: unknown) => {
      const fast = parseWebhookEvent(json);
      const ref = reference(json);
      expect(fast).toEqual(ref);
      if (fast.ok && ref.ok) expect(Object.keys(fast.event).sort()).toEqual(Object.keys(ref.event).sort());
    };
    fc.assert(fc.property(envelope, same), { numRuns: 20_000 });
    fc.assert(fc.property(fc.anything(), same), { numRuns: 3_000 });
    fc.assert(
      fc.property(envelope, (e) => same(JSON.parse(JSON.stringify(e)))),
      { numRuns: 5_000 },
    );
  });

  it('returns a copy for valid events (the input object is never handed back) and accepts non-plain objects like zod', () => {
    const json = { event_id: 'e', type: 'brand.new', created_at: 't', vendor: 'v', ref: 'r', data: { x: 1 } };
    const r = parseWebhookEvent(json);
    expect(r).toEqual({ ok: true, known: false, event: json });
    expect(r.ok && r.event).not.toBe(json);
    const bare = Object.assign(Object.create(null), json);
    expect(parseWebhookEvent(bare)).toEqual(reference(bare));
  });
});
