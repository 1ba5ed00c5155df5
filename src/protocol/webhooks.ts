/**
 * Webhook event payloads. Event type names are marked [doc] (the service's documented names) or [seed]/[ours];
 * the fields inside `data` are ours unless marked [doc]. Amounts travel as decimal strings [doc]. Unknown types are
 * delivered as a generic event, never rejected; unknown fields pass through so the service adding fields never breaks
 * a receiver.
 */
import * as z from 'zod/mini';
import type { Locale } from './locale.js';
import { editDistance } from './nearest.js';
import type { AbandonReason, RevokedBy } from './consents.js';
import { openEnum } from './open-enum.js';
import { journeySessionView } from './journey-sessions.js';

const decimal = /* @__PURE__ */ z.lazy(() => z.string().check(z.regex(/^-?\d+(\.\d+)?$/)));
const id = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(128)));
const isoDate = /* @__PURE__ */ z.lazy(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));

/**
 * `crawler.lifecycle_updated` statuses [doc]: QUEUED (the crawler has the credentials and waits its turn), PROCESSING
 * (logging in / retrieving), AUTH (the bank asks the customer for more, e.g. a one-time code), TIMEDOUT (no
 * credentials within 10 minutes), FAILED (the bank refused the login or code), RELEASED (no further input from the
 * customer is necessary).
 */
export const CRAWLER_LIFECYCLE_STATUSES = ['QUEUED', 'PROCESSING', 'AUTH', 'TIMEDOUT', 'FAILED', 'RELEASED'] as const;
export type CrawlerLifecycleStatus = (typeof CRAWLER_LIFECYCLE_STATUSES)[number];
/** How long the crawler waits for the customer's credentials before TIMEDOUT [doc]: 10 minutes. */
export const CRAWLER_CREDENTIALS_TIMEOUT_MS = 10 * 60_000;

/** A documented status, or one the service adds later (`string & {}` keeps the literals in editors' completion). */
const lifecycleStatus = /* @__PURE__ */ z.lazy(() => openEnum<CrawlerLifecycleStatus | (string & {})>());
const revokedBy = /* @__PURE__ */ z.lazy(() => openEnum<RevokedBy>());
const abandonReason = /* @__PURE__ */ z.lazy(() => openEnum<AbandonReason>());
const timestamp = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(64)));
/** The bank's display name, as a message to the customer names it, e.g. `Sandbox Bank`. */
const institutionName = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(200)));
/**
 * The language the customer's journey negotiated (a shipped locale, src/protocol/locale.ts), for the messages you
 * send about the consent; absent when no journey negotiated one (a consent made by your server and approved outside
 * a journey).
 */
const customerLocale = /* @__PURE__ */ z.lazy(() =>
  z.optional(z.custom<CustomerLocale>((v) => typeof v === 'string' && v.length > 0 && v.length <= 35)),
);
/** A shipped locale (`en-AU`, `zh-Hans`, `ar`, `vi`…), or one a later version of the service adds. */
export type CustomerLocale = Locale | (string & {});
/**
 * The accounts a consent shares: each one's id and display name (its name and masked number, `Everyday Account
 * ••4821`); empty until the data is first retrieved.
 */
const sharedAccounts = /* @__PURE__ */ z.lazy(() =>
  z.array(z.looseObject({ account_id: id, display_name: z.string().check(z.minLength(1), z.maxLength(200)) })),
);

export const webhookDataSchemas = {
  /** [seed] */
  'consent.authorised': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      consent_id: id,
      institution_id: id,
      pathway: z.enum(['cdr', 'crawler']),
      /** [ours] */
      institution_name: z.optional(institutionName),
      /** [ours] */
      locale: customerLocale,
    }),
  ),
  /** [ours] Once per consent per lead (default 30, 14, 7 and 1 days before the sharing period ends). */
  'consent.expiring': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      consent_id: id,
      institution_id: id,
      institution_name: institutionName,
      sharing_expires_at: timestamp,
      days_left: z.number(),
      accounts: sharedAccounts,
      locale: customerLocale,
    }),
  ),
  /** [ours] The sharing period ended; no more data can be pulled. */
  'consent.expired': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      consent_id: id,
      institution_id: z.optional(id),
      institution_name: institutionName,
      sharing_expires_at: timestamp,
      accounts: sharedAccounts,
      locale: customerLocale,
    }),
  ),
  /** [ours] The customer stopped sharing (in your app, or at the bank: `data_holder`), or you revoked it. */
  'consent.revoked': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      consent_id: id,
      institution_id: z.optional(id),
      institution_name: institutionName,
      revoked_by: revokedBy,
      accounts: sharedAccounts,
      locale: customerLocale,
    }),
  ),
  /** [ours] A renewal was authorised: the same consent, a new `sharing_expires_at`, the same account ids. */
  'consent.renewed': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      consent_id: id,
      institution_id: z.optional(id),
      institution_name: institutionName,
      sharing_expires_at: timestamp,
      account_ids: z.array(id),
      accounts: sharedAccounts,
      locale: customerLocale,
    }),
  ),
  /**
   * [ours] The customer denied a consent at the bank. With `renews`, it was a renewal of that consent, which stays
   * exactly as it was.
   */
  'consent.denied': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      consent_id: id,
      institution_id: id,
      institution_name: z.optional(institutionName),
      renews: z.optional(id),
      locale: customerLocale,
    }),
  ),
  /** [ours] The journey ended before any consent: the crawler timed out, or the consent link expired unused. */
  'application.abandoned': /* @__PURE__ */ z.lazy(() => z.looseObject({ reason: abandonReason })),
  /** [seed] */
  'crawl.completed': /* @__PURE__ */ z.lazy(() => z.looseObject({ accounts: z.number(), transactions: z.number() })),
  /** [seed] */
  'application.report_ready': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({ formats: z.array(z.enum(['pdf', 'csv', 'json'])) }),
  ),
  /** [doc] The crawler pathway started: its seed exists and waits for the customer's credentials. */
  'crawler.seed_created': /* @__PURE__ */ z.lazy(() => z.looseObject({ seed_id: id, institution_id: id })),
  /** [doc] The crawler's state changed; `status` [doc] is one of CRAWLER_LIFECYCLE_STATUSES. */
  'crawler.lifecycle_updated': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      status: lifecycleStatus,
      seed_id: z.optional(id),
      message: z.optional(z.string()),
    }),
  ),
  /** [doc] */
  'account.numbers_ready': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      accounts: z.array(
        z.looseObject({ account_id: id, bsb: z.optional(z.string()), account_number: z.optional(z.string()) }),
      ),
    }),
  ),
  /** [doc] */
  'account.balances_ready': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      accounts: z.array(z.looseObject({ account_id: id, current: decimal, available: z.optional(decimal) })),
    }),
  ),
  /** [doc] Sent after the accounts are retrieved when the journey's `collect` includes `account_owner`. */
  'account.account_owner': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      accounts: z.array(
        z.looseObject({
          account_id: id,
          owners: z.array(z.looseObject({ name: z.string(), address: z.optional(z.string()) })),
        }),
      ),
    }),
  ),
  /** [doc] The application's documents (one statement per account) can be downloaded (`downloadBundle`). */
  'application.documents_ready': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({
      formats: z.array(z.enum(['pdf', 'csv', 'json'])),
      documents: z.array(z.looseObject({ account_id: id, kind: z.string(), from: isoDate, to: isoDate })),
    }),
  ),
  /**
   * [ours] One of the token's receivers failed every attempt for 5 days (DISABLE_AFTER_MS) and is disabled: sent to the
   * token's other receivers. `recoverWebhook` enables it again and sends it what it missed. Its `vendor` and `ref` are
   * empty: it is about a receiver, not an application.
   */
  'webhook.disabled': /* @__PURE__ */ z.lazy(() =>
    z.looseObject({ webhook_id: id, url: z.string(), failing_since: timestamp, disabled_at: timestamp }),
  ),
  /** [doc] */
  'analysis.report_ready': /* @__PURE__ */ z.lazy(() => z.looseObject({})),
  /** [doc] */
  'application.completed': /* @__PURE__ */ z.lazy(() => z.looseObject({})),
  /**
   * [ours] A journey session ended (src/protocol/journey-sessions.ts): `completed` or `exited` at once, `abandoned`
   * once the inactivity time passed. Sent only to receivers whose `events` name it (OPT_IN_WEBHOOK_TYPES).
   */
  'journey.session': journeySessionView,
} as const;

export type KnownWebhookType = keyof typeof webhookDataSchemas;
/**
 * Where a type's name comes from: `doc`, the service's public documentation; `seed`, the project's seed. A known type
 * not listed here is ours (docs/ and the OpenAPI document mark it so).
 */
export const WEBHOOK_TYPE_SOURCES: Partial<Record<KnownWebhookType, 'doc' | 'seed'>> = {
  'consent.authorised': 'seed',
  'crawl.completed': 'seed',
  'application.report_ready': 'seed',
  'crawler.seed_created': 'doc',
  'crawler.lifecycle_updated': 'doc',
  'account.numbers_ready': 'doc',
  'account.balances_ready': 'doc',
  'account.account_owner': 'doc',
  'application.documents_ready': 'doc',
  'analysis.report_ready': 'doc',
  'application.completed': 'doc',
};
/** Types a receiver gets only when its `events` name them (a receiver registered for every type does not). */
export const OPT_IN_WEBHOOK_TYPES: readonly KnownWebhookType[] = ['journey.session'];
export const KNOWN_WEBHOOK_TYPES = /* @__PURE__ */ Object.keys(webhookDataSchemas) as KnownWebhookType[];

/**
 * An event type this SDK version does not know. At run time it is whatever string the service sent; the type is a
 * pattern no event name can match (names never contain `:`), so in `switch (event.type)` each `case` of a known name
 * narrows `event.data`, a misspelt name is a compile error, and `default:` still receives the unknown types. Read it
 * as a string (`String(event.type)`, a template literal); compare it with a name newer than this package as
 * `(event.type as string) === 'new.type'`.
 */
export type UnknownWebhookType = `unknown:${string}`;

/** The known type closest to `name` (edit distance at most 3 and less than half its length), for "did you mean". */
export function closestWebhookType(name: string): KnownWebhookType | undefined {
  let best: KnownWebhookType | undefined;
  let bestDistance = Math.min(4, Math.ceil(name.length / 2));
  for (const known of KNOWN_WEBHOOK_TYPES) {
    const d = editDistance(name, known);
    if (d < bestDistance) [best, bestDistance] = [known, d];
  }
  return best;
}

export const webhookEnvelopeSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    event_id: z.string().check(z.minLength(1), z.maxLength(200)),
    type: z.string().check(z.minLength(1), z.maxLength(100)),
    created_at: z.string().check(z.minLength(1)),
    vendor: z.string(),
    ref: z.string(),
    application_id: z.optional(z.string()),
    data: z.unknown(),
  }),
);

interface WebhookBase {
  event_id: string;
  created_at: string;
  vendor: string;
  ref: string;
  application_id?: string;
  [extra: string]: unknown;
}

/**
 * A parsed shape without the index signatures of its loose objects: the fields this version knows, so a misspelt
 * field (`data.transactons`) is a compile error. Fields the service adds later are still in the object at run time.
 */
export type KnownFields<T> = T extends string | number | boolean | bigint | symbol | null | undefined
  ? T
  : T extends readonly (infer U)[]
    ? KnownFields<U>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: KnownFields<T[K]> }
      : T;

/** The `data` of a known event type. */
export type WebhookData<K extends KnownWebhookType> = KnownFields<z.infer<(typeof webhookDataSchemas)[K]>>;

export type KnownWebhookEvent = {
  [K in KnownWebhookType]: WebhookBase & { type: K; data: WebhookData<K> };
}[KnownWebhookType];

/**
 * An event whose type this SDK version does not know; `known: false` lets handlers narrow, and so does a `switch` on
 * `type` (see `UnknownWebhookType`).
 */
export type GenericWebhookEvent = WebhookBase & { type: UnknownWebhookType; data: unknown };

export type WebhookEvent = KnownWebhookEvent | GenericWebhookEvent;

/**
 * A verified event, discriminated by `known`: a known type carries its typed `data`, so after
 * `if (v.known && v.event.type === 'consent.authorised')` `v.event.data.consent_id` is a string.
 */
export type KnownOrGenericWebhookEvent =
  | { known: true; event: KnownWebhookEvent }
  | { known: false; event: GenericWebhookEvent };

export type WebhookParseResult = ({ ok: true } & KnownOrGenericWebhookEvent) | { ok: false; detail: string };

const hasOwn = Object.prototype.hasOwnProperty;
const isString = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'string' && v.length >= min && v.length <= max;

/** The envelope check of webhookEnvelopeSchema, by hand (the hot path of every delivery); zod reports the failures. */
function envelopeOk(json: unknown): json is Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const e = json as Record<string, unknown>;
  return (
    isString(e.event_id, 1, 200) &&
    isString(e.type, 1, 100) &&
    isString(e.created_at, 1, Infinity) &&
    typeof e.vendor === 'string' &&
    typeof e.ref === 'string' &&
    (e.application_id === undefined || typeof e.application_id === 'string') &&
    'data' in e // z.unknown() still requires the key to be present
  );
}

/** Validates a parsed JSON payload. Never throws. */
export function parseWebhookEvent(json: unknown): WebhookParseResult {
  if (!envelopeOk(json) || Object.getPrototypeOf(json) !== Object.prototype) return parseWithZod(json);
  const type = json.type as string;
  if (!hasOwn.call(webhookDataSchemas, type))
    return { ok: true, event: { ...json } as GenericWebhookEvent, known: false };
  const data = webhookDataSchemas[type as KnownWebhookType].safeParse(json.data ?? {});
  if (!data.success) {
    return { ok: false, detail: data.error.issues.map((i) => `data.${i.path.join('.')}: ${i.message}`).join('; ') };
  }
  return { ok: true, event: { ...json, data: data.data } as KnownWebhookEvent, known: true };
}

function parseWithZod(json: unknown): WebhookParseResult {
  const env = webhookEnvelopeSchema.safeParse(json);
  if (!env.success)
    return {
      ok: false,
      detail: env.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
    };
  const type = env.data.type;
  if (!hasOwn.call(webhookDataSchemas, type)) {
    return { ok: true, event: env.data as GenericWebhookEvent, known: false };
  }
  const data = webhookDataSchemas[type as KnownWebhookType].safeParse(env.data.data ?? {});
  if (!data.success) {
    return { ok: false, detail: data.error.issues.map((i) => `data.${i.path.join('.')}: ${i.message}`).join('; ') };
  }
  return { ok: true, event: { ...env.data, data: data.data } as KnownWebhookEvent, known: true };
}
