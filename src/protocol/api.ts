/**
 * The signed API's body and response schemas (operations.ts puts each on its operation's row). The backend client
 * validates requests and responses with these, and the sandbox validates what it receives with the same ones.
 * Response schemas are loose (unknown fields pass through) so the real service adding fields never breaks a client.
 */
import * as z from 'zod/mini';
import { isLoopbackHost } from './url/loopback.js';
import { ACCOUNT_TYPES, HARDSHIP_CODES, LEGACY_CURRENT_CODE, REPAYMENT_CODES } from './credit.js';
import { KNOWN_WEBHOOK_TYPES, type KnownWebhookType, closestWebhookType } from './webhooks.js';
import { SHARING_DAYS, type ConsentStatus, type RevokedBy } from './consents.js';
import type { ApplicationStatus } from './applications.js';
import { openEnum } from './open-enum.js';

export * from './credit.js';

export const decimalString = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a decimal string like "1234.50"')),
);
const isoDate = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')),
);
const month = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM')),
);
const id = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')),
);
const name = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const PATHWAYS = ['cdr', 'crawler'] as const;
export const BUNDLE_FORMATS = ['pdf', 'csv', 'json'] as const;

export type Pathway = (typeof PATHWAYS)[number];
export type BundleFormat = (typeof BUNDLE_FORMATS)[number];

// ---- open banking -------------------------------------------------------------------------------------------------

/** Profile body [doc fields]. Without `bank_id` it starts the application; with it, it attaches an institution. */
export const profileBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    full_name: z.optional(name),
    email: z.optional(z.email()),
    phone: z.optional(z.string().check(z.regex(/^\+?[0-9 ]{6,20}$/, 'must be a phone number'))),
    bank_id: z.optional(id),
    pathway: z.optional(z.enum(PATHWAYS)),
    days_to_retrieve: z.optional(z.int().check(z.gte(1), z.lte(730))),
    balances: z.optional(z.boolean()),
    transactions: z.optional(z.boolean()),
    interims: z.optional(z.boolean()),
    estatements: z.optional(z.boolean()),
    analysis: z.optional(z.boolean()),
  }),
);

export const applicationResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    application_id: z.string(),
    vendor: z.string(),
    ref: z.string(),
    status: openEnum<ApplicationStatus>(),
    institution: z.optional(
      z.nullable(z.looseObject({ id: z.string(), pathway: z.enum(PATHWAYS), name: z.optional(z.string()) })),
    ),
    /**
     * The customer's journey, whose origin the widget frames. Required: a client without it has nothing to show the
     * customer, so an answer that lacks it fails as INVALID_RESPONSE instead of leaving every caller a fallback to
     * invent (a guessed origin copied to production frames a page where no journey answers).
     */
    journey_url: z.string().check(z.minLength(1, 'missing: the journey URL to frame for the customer')),
    created_at: z.optional(z.string()),
  }),
);

const sharingDays = /* @__PURE__ */ z.lazy(() => z.int().check(z.gte(SHARING_DAYS.min), z.lte(SHARING_DAYS.max)));

export const consentBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    bank_id: z.optional(id),
    /** Where the bank sends the customer back (server-to-server style). */
    redirect_uri: z.optional(z.url({ protocol: /^https?$/ })),
    state: z.optional(z.string().check(z.maxLength(512))),
    /** The sharing period in days, 1–365 [ours]; default 365 (a renewal: the renewed consent's). */
    sharing_days: z.optional(sharingDays),
    /** [ours] The consent this one renews: same institution, same accounts, a new sharing period once authorised. */
    renews: z.optional(id),
  }),
);

export const consentResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    consent_id: z.string(),
    consent_url: z.string(),
    /** When the consent *link* stops working (not the sharing period: that is `sharing_expires_at`). */
    expires_at: z.optional(z.string()),
    /** [ours] The renewed consent's id, when this is a renewal. */
    renews: z.optional(z.string()),
  }),
);

/** One consent as `listConsents` and `revokeConsent` answer it [ours, after the seed's model]. */
export const consentView = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    consent_id: z.string(),
    application_id: z.string(),
    institution_id: z.string(),
    status: openEnum<ConsentStatus>(),
    sharing_days: z.number(),
    /** When the sharing period ends; null until the customer authorises. */
    sharing_expires_at: z.nullable(z.string()),
    revoked_by: z.optional(openEnum<RevokedBy>()),
    /** The accounts it shares; unchanged by a renewal. */
    account_ids: z.array(z.string()),
    created_at: z.string(),
    /** A renewal waiting for the customer; the consent keeps working meanwhile. */
    renewal: z.optional(z.looseObject({ consent_id: z.string(), consent_url: z.string() })),
  }),
);
export const consentListResponse = /* @__PURE__ */ z.lazy(() => z.looseObject({ consents: z.array(consentView) }));

export const finaliseBody = /* @__PURE__ */ z.lazy(() => z.strictObject({}));
export const finaliseResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ application_id: z.string(), status: openEnum<ApplicationStatus>() }),
);

// ---- credit reporting ---------------------------------------------------------------------------------------------

export const AUSTRALIAN_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export const ENQUIRY_TYPES = ['credit_application', 'account_review'] as const;
export const CREDIT_PRODUCTS = ['personal_loan', 'credit_card', 'home_loan', 'car_loan', 'bnpl'] as const;
/** Bands of the 0–1200 score, lowest first (the sandbox: < 510, < 623, < 726, < 833, ≥ 833). */
export const SCORE_BANDS = ['below_average', 'average', 'good', 'very_good', 'excellent'] as const;

export const applicantSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    first_name: name,
    last_name: name,
    date_of_birth: isoDate,
    address: z.strictObject({
      line1: name,
      suburb: name,
      state: z.enum(AUSTRALIAN_STATES),
      postcode: z.string().check(z.regex(/^\d{4}$/, 'must be a 4-digit postcode')),
    }),
    drivers_licence: z.optional(z.string().check(z.maxLength(20))),
  }),
);

export const lodgeEnquiryBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    applicant: applicantSchema,
    enquiry_type: z.enum(ENQUIRY_TYPES),
    product: z.enum(CREDIT_PRODUCTS),
    amount: decimalString,
    reference: z.optional(z.string().check(z.maxLength(64))),
  }),
);
export const enquiryResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    enquiry_id: z.string(),
    status: z.string(),
    lodged_at: z.string(),
  }),
);

const notice = /* @__PURE__ */ z.lazy(() => z.looseObject({ code: z.string(), text: z.string() }));

export const getReportBody = /* @__PURE__ */ z.lazy(() => z.strictObject({ enquiry_id: id }));
export const creditReportResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    enquiry_id: z.string(),
    generated_at: z.string(),
    applicant: z.looseObject({
      first_name: z.string(),
      last_name: z.string(),
      date_of_birth: z.string(),
      address: z.looseObject({ line1: z.string(), suburb: z.string(), state: z.string(), postcode: z.string() }),
      drivers_licence: z.optional(z.string()),
    }),
    score: z.number(),
    score_band: z.string(),
    enquiries: z.array(
      z.looseObject({
        date: z.string(),
        enquirer: z.string(),
        enquiry_type: z.string(),
        product: z.string(),
        amount: z.string(),
        enquiry_id: z.optional(z.string()),
      }),
    ),
    accounts: z.array(
      z.looseObject({
        account_id: z.string(),
        provider: z.string(),
        account_type: z.string(),
        credit_limit: z.string(),
        opened_on: z.string(),
        status: z.string(),
        closed_on: z.optional(z.string()),
        repayment_history: z.array(z.looseObject({ month: z.string(), status: z.string() })),
        /** Financial hardship information by month, apart from the RHI; kept 12 months [doc]. */
        hardship_history: z.optional(z.array(z.looseObject({ month: z.string(), code: z.enum(HARDSHIP_CODES) }))),
      }),
    ),
    defaults: z.array(
      z.looseObject({
        default_id: z.string(),
        account_id: z.string(),
        amount: z.string(),
        days_overdue: z.number(),
        listed_on: z.string(),
        status: z.string(),
      }),
    ),
    /** What the consumer must be told, e.g. that the report holds FHI (code `financial_hardship_information`). */
    notices: z.optional(z.array(notice)),
  }),
);

export const createAccountBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    enquiry_id: id,
    account_type: z.enum(ACCOUNT_TYPES),
    credit_limit: decimalString,
    opened_on: isoDate,
  }),
);
export const updateAccountBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    account_id: id,
    credit_limit: z.optional(decimalString),
    status: z.optional(z.enum(['open', 'closed'])),
    closed_on: z.optional(isoDate),
  }),
);
export const accountResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    account_id: z.string(),
    enquiry_id: z.string(),
    account_type: z.string(),
    credit_limit: z.string(),
    opened_on: z.string(),
    status: z.string(),
    closed_on: z.optional(z.string()),
  }),
);

/** One arrangement's FHI for the month [doc codes; the arrangement id is ours]. */
export const hardshipSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ code: z.enum(HARDSHIP_CODES), arrangement_id: id }),
);
/**
 * One month of an account: its RHI and, while a hardship arrangement applies, its FHI, in one call [doc: FHI is
 * disclosed with the month's RHI]. `status` is optional here only so that FHI without it is refused by its own code
 * (HARDSHIP_WITHOUT_REPAYMENT); without either the body is invalid.
 */
export const savePaymentBody = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      account_id: id,
      month,
      status: z.optional(z.enum([...REPAYMENT_CODES, LEGACY_CURRENT_CODE])),
      hardship: z.optional(hardshipSchema),
    })
    .check(
      z.refine((v) => v.status !== undefined || v.hardship !== undefined, {
        message: 'the repayment status of the month is required',
        path: ['status'],
      }),
    ),
);
export const paymentResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    account_id: z.string(),
    month: z.string(),
    status: z.string(),
    hardship: z.optional(z.looseObject({ code: z.enum(HARDSHIP_CODES), arrangement_id: z.string() })),
    /** E.g. `DEPRECATED_REPAYMENT_CODE` when the call sent `C` for current [ours]. */
    warnings: z.optional(z.array(z.looseObject({ code: z.string(), message: z.string() }))),
  }),
);

export const registerDefaultBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    account_id: id,
    amount: decimalString,
    days_overdue: z.int().check(z.gte(0), z.lte(36500)),
    listed_on: z.optional(isoDate),
  }),
);
export const updateDefaultBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    default_id: id,
    status: z.enum(['outstanding', 'paid', 'closed']),
    amount: z.optional(decimalString),
  }),
);
export const defaultResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    default_id: z.string(),
    account_id: z.string(),
    amount: z.string(),
    /** `registerDefault` answers it; `updateDefault` does not. */
    days_overdue: z.optional(z.number()),
    listed_on: z.optional(z.string()),
    status: z.string(),
  }),
);

// ---- errors ---------------------------------------------------------------------------------------------------------

/** Every error body has this shape [ours]. */
export const errorBody = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      request_id: z.optional(z.string()),
      fields: z.optional(z.array(z.looseObject({ path: z.string(), message: z.string() }))),
      /** [ours] A data pull refused because the consent ended: which one, and its status. */
      consent: z.optional(z.looseObject({ consent_id: z.string(), status: openEnum<ConsentStatus>() })),
      /** [ours] Events asked for beyond their retention: how long they are kept, and the oldest time still kept. */
      retention: z.optional(z.looseObject({ days: z.number(), oldest: z.string() })),
    }),
  }),
);
export type ErrorBody = z.infer<typeof errorBody>;

// ---- consents and webhook receivers [ours] ---------------------------------------------------------------------

/** Revoking: by you (default), or on the customer's word to you (they withdrew in your app) [ours]. */
export const revokeConsentBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ revoked_by: z.optional(z.enum(['integrator', 'customer'])) }),
);

/** One institution as `getInstitution` answers it [ours]. */
export const institutionResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.string(),
    /** The display name, e.g. `Sandbox Bank`. */
    name: z.string(),
    /** An absolute URL of the bank's logo (SVG in the sandbox), for an e-mail or a page of yours. */
    logo_url: z.string(),
    /** How its data can be retrieved: `cdr`, `crawler`, or both. */
    pathways: z.optional(z.array(z.string())),
  }),
);

/**
 * A known event type, e.g. `consent.authorised`: one that can be delivered. Anything else is refused with the closest
 * known name, so a misspelt filter fails at registration instead of silently never matching.
 */
const eventType = /* @__PURE__ */ z.lazy(() =>
  z.enum(KNOWN_WEBHOOK_TYPES as [KnownWebhookType, ...KnownWebhookType[]], {
    error: (issue) => {
      if (typeof issue.input !== 'string') return 'must be an event type (a string)';
      const near = closestWebhookType(issue.input);
      const shown = JSON.stringify(issue.input.slice(0, 100));
      const hint = near ? `did you mean '${near}'?` : `known: ${KNOWN_WEBHOOK_TYPES.join(', ')}`;
      return `unknown event type ${shown}; ${hint}`;
    },
  }),
);
/**
 * Why a receiver URL is refused, or undefined: deliveries carry applicants' data and are sent to the URL as written,
 * so it is https (http only on loopback, for local development) and holds no user or password, which every delivery
 * would carry in the clear and every log of the URL would show.
 */
export function receiverUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined; // the format check names it
  }
  if (url.username || url.password)
    return 'must not contain a user or password: every delivery would carry them (the signature authenticates)';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return `must use https (http only for localhost, 127.0.0.0/8 and [::1]); got http://${url.host}`;
  return undefined;
}
const receiverUrl = /* @__PURE__ */ z.lazy(() =>
  z.url({ protocol: /^https?$/ }).check(
    z.superRefine((value, ctx) => {
      const problem = receiverUrlProblem(value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
    }),
  ),
);
/** The registration body as a plain object schema, built on each call (the client derives its own from it). */
export const webhookRegistrationObject = () =>
  z.strictObject({
    url: receiverUrl,
    token_id: z.optional(id),
    /** Only these event types are delivered; default every type. */
    events: z.optional(z.array(eventType).check(z.minLength(1), z.maxLength(64))),
  });
export const webhookRegistrationBody = /* @__PURE__ */ z.lazy(webhookRegistrationObject);
export const webhookResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    webhook_id: z.string(),
    url: z.string(),
    token_id: z.string(),
    events: z.optional(z.array(z.string())),
  }),
);
export const webhookListResponse = /* @__PURE__ */ z.lazy(() => z.looseObject({ webhooks: z.array(webhookResponse) }));
export const webhookDeletedResponse = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ webhook_id: z.string(), deleted: z.literal(true) }),
);
export type WebhookRegistrationBody = z.infer<typeof webhookRegistrationBody>;

/** Fills `{name}` placeholders, URL-encoding each value. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter '${key}'`);
    return encodeURIComponent(value);
  });
}

export type ProfileBody = z.infer<typeof profileBody>;
export type ApplicationResponse = z.infer<typeof applicationResponse>;
export type ConsentBody = z.infer<typeof consentBody>;
export type ConsentResponse = z.infer<typeof consentResponse>;
export type ConsentView = z.infer<typeof consentView>;
export type ConsentListResponse = z.infer<typeof consentListResponse>;
export type InstitutionResponse = z.infer<typeof institutionResponse>;
export type FinaliseResponse = z.infer<typeof finaliseResponse>;
export type LodgeEnquiryBody = z.infer<typeof lodgeEnquiryBody>;
export type EnquiryResponse = z.infer<typeof enquiryResponse>;
export type CreditReportResponse = z.infer<typeof creditReportResponse>;
export type CreateAccountBody = z.infer<typeof createAccountBody>;
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;
export type AccountResponse = z.infer<typeof accountResponse>;
export type SavePaymentBody = z.infer<typeof savePaymentBody>;
export type PaymentResponse = z.infer<typeof paymentResponse>;
export type RegisterDefaultBody = z.infer<typeof registerDefaultBody>;
export type UpdateDefaultBody = z.infer<typeof updateDefaultBody>;
export type DefaultResponse = z.infer<typeof defaultResponse>;
