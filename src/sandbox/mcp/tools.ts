/**
 * The MCP server's tools, one row each: name, what an assistant reads about it, its input schema (zod; the SDK checks
 * every call against it and answers a refusal naming the field), and what it runs against the sandbox — the signed
 * client, the testing kit's functions, or the docs. A tool that calls an operation of the signed API names it
 * (`operation`) and takes its fields from the operation table (src/protocol/operations.ts): the same names, rules and
 * required fields as the API, never spelt again here. Every row talks to the sandbox over HTTP, so a running sandbox
 * (`--url`) and the embedded one are driven the same way.
 */
import * as z from 'zod/mini';
import {
  type ApiOperationName,
  BUNDLE_CONTENT_TYPES,
  REPORT_CONTENT_TYPES,
  REVOKED_BY,
  operationShape,
} from '../../protocol/index.js';
import { createClient, type HostedJourneyClient } from '../../server/index.js';
import { advanceClock, expireConsent, revokeAtBank, triggerRenewal } from '../testing/consents.js';
import { listDeliveries, resendDelivery } from '../testing/deliveries.js';
import { triggerJourney } from '../testing/trigger.js';
import type { DocSection } from './docs.js';
import { searchDocs } from './docs.js';
import { SAVE_TO_RULE } from './save.js';

/** The sandbox the tools drive: its URL and the token they sign with (never shown in a result). */
export interface McpTarget {
  url: string;
  token: { id: string; secret: string };
}

/** A file a tool answers: sent as an embedded resource (base64 blob), or written to `saveTo` (save.ts) and named. */
export interface FileOutput {
  file: { bytes: Uint8Array; mimeType: string; name: string; uri: string };
  saveTo?: string | undefined;
}
export type ToolOutput = { json: unknown } | FileOutput;

export interface ToolContext {
  target: McpTarget;
  client: HostedJourneyClient;
  docs(): readonly DocSection[];
}

/** MCP's tool annotations: what a call does to its world, so a client can ask before a destructive one. */
export interface ToolEffects {
  readOnlyHint: boolean;
  /** It may change or end what exists (an applicant's details, a consent, the clock), not only add. */
  destructiveHint: boolean;
  /** The same call again changes nothing more. */
  idempotentHint: boolean;
  /** Every tool's world is closed: the sandbox, the receivers registered with it, the downloads folder. */
  openWorldHint: false;
}

const effects = (readOnly: boolean, destructive: boolean, idempotent: boolean): ToolEffects => ({
  readOnlyHint: readOnly,
  destructiveHint: destructive,
  idempotentHint: idempotent,
  openWorldHint: false,
});
const READS = effects(true, false, true);
/** Adds (a journey's steps, a renewal, a resent event); again adds again. */
const ADDS = effects(false, false, false);
/** Adds once: finalising again, or a download again (a saved file is never overwritten), changes nothing more. */
const ADDS_ONCE = effects(false, false, true);
/** Ends what exists: moving the clock expires consents, an expiry cannot be undone. */
const ENDS = effects(false, true, false);
/** Changes or ends what exists, and the same call again changes nothing more. */
const SETS = effects(false, true, true);

interface ToolRow<Shape extends z.core.$ZodLooseShape> {
  title: string;
  annotations: ToolEffects;
  description: string;
  input: Shape;
  /** The operation of the signed API the tool calls, and the tool's name of each field it names otherwise. */
  operation?: { name: ApiOperationName; renamed?: Record<string, string> };
  run(ctx: ToolContext, args: z.infer<z.ZodMiniObject<Shape>>): Promise<ToolOutput>;
}

const tool = <Shape extends z.core.$ZodLooseShape>(row: ToolRow<Shape>) =>
  row as unknown as ToolRow<z.core.$ZodLooseShape>;

const required = (what: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `${what} is required` : `${what} must be a string`;

const oneOf = <T extends readonly [string, ...string[]]>(what: string, values: T) =>
  z.enum(values, { error: () => `${what} must be one of: ${values.join(', ')}` });

/** Some fields of a shape. */
const pick = <S extends object, K extends keyof S>(shape: S, keys: readonly K[]): Pick<S, K> =>
  Object.fromEntries(keys.map((k) => [k, shape[k]])) as Pick<S, K>;
/** A shape without some fields. */
const omit = <S extends object, K extends keyof S>(shape: S, keys: readonly K[]): Omit<S, K> =>
  Object.fromEntries(Object.entries(shape).filter(([k]) => !keys.includes(k as K))) as Omit<S, K>;

const bundle = () => operationShape('downloadBundle');

const saveTo = () => z.optional(z.string().check(z.minLength(1, 'save_to is a file name, e.g. bundle.pdf')));

export const TOOLS = {
  start_application: tool({
    title: 'Start an application',
    annotations: SETS,
    description:
      "Starts an open-banking application for a customer (the signed API's POST /api/v1/{vendor}/{ref}/profile). " +
      'Answers the application, with its application_id and the journey_url the customer opens.',
    input: omit(operationShape('startApplication'), ['bank_id', 'pathway']),
    operation: { name: 'startApplication' },
    run: async ({ client }, a) => ({ json: await client.startApplication(a) }),
  }),
  complete_journey: tool({
    title: 'Take an application through the journey',
    annotations: ADDS,
    description:
      "Does what the customer would in the hosted journey, without a browser (the testing kit's triggerJourney): " +
      'picks the bank, approves or denies at the bank (cdr) or logs in (crawler), and waits for the crawl. ' +
      'The same webhooks go out. Start the application first.',
    input: {
      ...pick(operationShape('startApplication'), ['vendor', 'ref', 'pathway']),
      bank: operationShape('startApplication').bank_id,
      outcome: z.optional(oneOf('outcome', ['approved', 'denied', 'failed'] as const)),
    },
    run: async ({ target }, a) => ({ json: await triggerJourney(target.url, a) }),
  }),
  finalise_application: tool({
    title: 'Finalise an application',
    annotations: ADDS_ONCE,
    description: 'Finalises the application once its data is retrieved; its bundle can be downloaded after this.',
    input: operationShape('finalise'),
    operation: { name: 'finalise' },
    run: async ({ client }, a) => ({ json: await client.finalise(a) }),
  }),
  list_consents: tool({
    title: "List a customer's consents",
    annotations: READS,
    description: "The customer's CDR consents: status, sharing period, who revoked, a pending renewal.",
    input: operationShape('listConsents'),
    operation: { name: 'listConsents' },
    run: async ({ client }, a) => ({ json: await client.listConsents(a) }),
  }),
  get_journey_session: tool({
    title: 'Read one journey session',
    annotations: READS,
    description:
      "One journey session the sandbox recorded, by id (the widget's sessionId): its steps with times, the bank and " +
      'pathway, the errors shown, its outcome (completed, exited, abandoned, in_progress) and its trace id.',
    input: operationShape('getJourneySession'),
    operation: { name: 'getJourneySession' },
    run: async ({ client }, a) => ({ json: await client.getJourneySession(a) }),
  }),
  list_journey_sessions: tool({
    title: 'List journey sessions',
    annotations: READS,
    description:
      "One page of the token's journey sessions of the last 30 days, oldest first, filtered by start time (since), " +
      'vendor and ref; pass next_cursor as cursor for the next page.',
    input: operationShape('listJourneySessions'),
    operation: { name: 'listJourneySessions' },
    run: async ({ client }, a) => {
      for await (const page of client.listJourneySessions(a).pages()) return { json: page };
      return { json: { data: [], next_cursor: null } };
    },
  }),
  get_institution: tool({
    title: 'Look up an institution',
    annotations: READS,
    description:
      "An institution's display name and logo URL, by the id an event names (data.institution_id): the words for " +
      'a message to the customer, e.g. "Your sharing with Sandbox Bank ends on 2 Dec".',
    input: operationShape('getInstitution'),
    operation: { name: 'getInstitution' },
    run: async ({ client }, a) => ({ json: await client.getInstitution(a) }),
  }),
  advance_clock: tool({
    title: "Move this token's sandbox clock",
    annotations: ENDS,
    description:
      "Moves the signing token's own sandbox clock forward (e.g. 30d, 12h, 90m): every consent warning, expiry and " +
      "webhook retry of this token's applications that falls due fires, in order. Other tokens' clocks do not move.",
    input: operationShape('advanceClock'),
    operation: { name: 'advanceClock' },
    run: async ({ target }, a) => ({ json: await advanceClock(target, a.advance) }),
  }),
  renew_consent: tool({
    title: 'Renew a consent',
    annotations: ADDS,
    description:
      'Renews a consent as the customer would at the bank: approved (consent.renewed) or cancelled (nothing changes).',
    input: {
      ...pick(operationShape('revokeConsent'), ['vendor', 'ref', 'consent_id']),
      outcome: z.optional(oneOf('outcome', ['approved', 'cancelled'] as const)),
      ...pick(operationShape('createConsent'), ['sharing_days']),
    },
    run: async ({ target }, a) => ({
      json: await triggerRenewal(target, {
        vendor: a.vendor,
        ref: a.ref,
        consentId: a.consent_id,
        ...(a.outcome ? { outcome: a.outcome } : {}),
        ...(a.sharing_days !== undefined ? { sharingDays: a.sharing_days } : {}),
      }),
    }),
  }),
  revoke_consent: tool({
    title: 'Revoke a consent',
    annotations: SETS,
    description:
      "Stops a consent's sharing, as revoked_by says: 'integrator' (default; your backend, the signed API), " +
      "'customer' (the customer withdrew in your app; the signed API) or 'data_holder' (the customer at the bank's " +
      'manage-data-sharing page). Each sends consent.revoked.',
    input: {
      ...operationShape('revokeConsent'),
      revoked_by: z.optional(oneOf('revoked_by', REVOKED_BY)),
    },
    operation: { name: 'revokeConsent' },
    run: async ({ target, client }, a) => {
      if (a.revoked_by !== 'data_holder')
        return { json: await client.revokeConsent({ ...a, revoked_by: a.revoked_by }) };
      await revokeAtBank(target, { vendor: a.vendor, ref: a.ref, consentId: a.consent_id });
      return { json: { consent_id: a.consent_id, revoked_by: 'data_holder' } };
    },
  }),
  expire_consent: tool({
    title: "End a consent's sharing period now",
    annotations: ENDS,
    description: 'Ends the sharing period now: consent.expired, and data pulls are refused from then on.',
    input: operationShape('expireConsent'),
    operation: { name: 'expireConsent' },
    run: async ({ target }, a) => {
      await expireConsent(target, a.consent_id);
      return { json: { consent_id: a.consent_id, expired: true } };
    },
  }),
  list_webhook_deliveries: tool({
    title: 'List webhook deliveries',
    annotations: READS,
    description:
      "Every attempt to deliver this token's webhook events, oldest first: event, type, receiver, status or error, " +
      'attempt number, whether it was the deliberate duplicate, and a hint after a signature refusal.',
    input: operationShape('listSandboxDeliveries'),
    operation: { name: 'listSandboxDeliveries' },
    run: async ({ target }, a) => ({
      json: await listDeliveries(target, {
        ...(a.event_id ? { eventId: a.event_id } : {}),
        ...(a.type ? { type: a.type } : {}),
        ...(a.limit ? { limit: a.limit } : {}),
      }),
    }),
  }),
  resend_webhook: tool({
    title: 'Send a webhook event again',
    annotations: ADDS,
    description:
      "Sends one of this token's events again, as it was (same event_id), to the receivers registered now: an " +
      'exactly-once receiver answers it as a duplicate.',
    input: operationShape('resendDelivery'),
    operation: { name: 'resendDelivery' },
    run: async ({ target }, a) => ({ json: await resendDelivery(target, a.event_id) }),
  }),
  download_bundle: tool({
    title: "Download an application's bundle",
    annotations: ADDS_ONCE,
    description:
      'Downloads the bundle of a finalised application as pdf, csv or json. Answers the file as an embedded ' +
      `resource (base64), or, with save_to, writes it as a new file and answers its path: ${SAVE_TO_RULE}.`,
    input: { application_id: bundle().id, format: bundle().format, save_to: saveTo() },
    operation: { name: 'downloadBundle', renamed: { application_id: 'id' } },
    run: async ({ client }, a) => ({
      file: {
        bytes: await client.downloadBundle({ id: a.application_id, format: a.format }),
        mimeType: BUNDLE_CONTENT_TYPES[a.format],
        name: `${a.application_id}.${a.format}`,
        uri: `hosted-journey-sandbox://applications/${a.application_id}/bundle.${a.format}`,
      },
      saveTo: a.save_to,
    }),
  }),
  download_credit_report: tool({
    title: 'Download a credit report',
    annotations: ADDS_ONCE,
    description:
      "Downloads a lodged enquiry's credit report (PDF), as an embedded resource, or written as a new file to " +
      `save_to: ${SAVE_TO_RULE}.`,
    input: { ...operationShape('downloadReport'), save_to: saveTo() },
    operation: { name: 'downloadReport' },
    run: async ({ client }, a) => ({
      file: {
        bytes: await client.downloadReport({ enquiry_id: a.enquiry_id }),
        mimeType: REPORT_CONTENT_TYPES.pdf!,
        name: `${a.enquiry_id}.pdf`,
        uri: `hosted-journey-sandbox://enquiries/${a.enquiry_id}/report.pdf`,
      },
      saveTo: a.save_to,
    }),
  }),
  search_docs: tool({
    title: 'Search the docs',
    annotations: READS,
    description:
      "Searches hosted-journey's README and docs (widget, server, sandbox, webhooks, consents, production) and " +
      'answers the best sections with their page and heading.',
    input: {
      query: z.string({ error: required('query') }).check(z.minLength(2, 'query needs at least 2 characters')),
      limit: z.optional(z.int().check(z.gte(1, 'limit is 1–10'), z.lte(10, 'limit is 1–10'))),
    },
    run: async ({ docs }, a) => ({ json: searchDocs(docs(), a.query, a.limit ?? 5) }),
  }),
} satisfies Record<string, ToolRow<z.core.$ZodLooseShape>>;

/**
 * The operations of the table (src/protocol/operations.ts) no tool calls, each with why. Every operation is a tool's
 * `operation` or here (test/sandbox/mcp.test.ts), so an operation added to the table is given a tool or a reason.
 */
export const WITHOUT_TOOL: Readonly<Partial<Record<ApiOperationName, string>>> = {
  createConsent: 'the customer consents in the journey: complete_journey (and renew_consent) do what they would',
  lodgeEnquiry: "credit reporting's calls are your code's, with the signed client (docs/credit-reporting.md)",
  getReport: "credit reporting's calls are your code's; download_credit_report reads a lodged enquiry's report",
  createAccount: "credit reporting's calls are your code's, with the signed client (docs/credit-reporting.md)",
  updateAccount: "credit reporting's calls are your code's, with the signed client (docs/credit-reporting.md)",
  savePayment: "credit reporting's calls are your code's, with the signed client (docs/credit-reporting.md)",
  registerDefault: "credit reporting's calls are your code's, with the signed client (docs/credit-reporting.md)",
  updateDefault: "credit reporting's calls are your code's, with the signed client (docs/credit-reporting.md)",
  registerWebhook:
    "receivers are your server's (registerWebhook({ url, handler })); list_webhook_deliveries shows them",
  listWebhooks: 'list_webhook_deliveries names the receiver of every attempt',
  deleteWebhook: "receivers are your server's to register and remove",
  listEvents: "catching up is your server's (handler.catchUp pages through it); list_webhook_deliveries shows events",
  recoverWebhook: "catching up is your server's (handler.catchUp); resend_webhook sends one event again",
  resendEvent: 'resend_webhook sends one event again, with its event_id, to the receivers registered now',
  listDeliveries: "list_webhook_deliveries lists every attempt to each of the token's receivers",
};

export function clientFor(target: McpTarget): HostedJourneyClient {
  return createClient({ baseUrl: target.url, tokenId: target.token.id, signingSecret: target.token.secret });
}
