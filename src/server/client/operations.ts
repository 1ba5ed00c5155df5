/**
 * The client's operations, one row each: the endpoint it calls (method and path template from src/protocol/api.ts),
 * the schema of what the caller sends and of what the service answers. `createClient` builds every method of
 * `HostedJourneyClient` from these rows; `satisfies` below fails the build when a method has no row or a row no method.
 */
import * as z from 'zod/mini';
import * as api from '../../protocol/api.js';
import type { CreditMemory } from './credit-memory.js';
import type { HostedJourneyClient } from './types.js';

export interface Operation {
  /** Method and path template; the path's `{name}` segments are taken from the caller's options of that name. */
  readonly endpoint: { readonly method: 'GET' | 'POST' | 'DELETE'; readonly path: string };
  /** POST: the JSON body. GET without `response`: the query of the download. */
  readonly input?: z.ZodMiniType;
  /** The JSON answer; absent: the call is a download (bytes or a stream). */
  readonly response?: z.ZodMiniType;
  /** Adds what the operation itself decides to the caller's body before it is checked. */
  readonly complete?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** The path key passed as the first argument instead of inside the options (`deleteWebhook(id, options)`). */
  readonly positional?: string;
  /** After the body is checked: the client's own refusals from what it has seen, and what it sends instead. */
  readonly prepare?: (
    memory: CreditMemory,
    operation: string,
    body: Record<string, unknown>,
  ) => Record<string, unknown>;
  /** What the client remembers from an answer (the body it sent, the answer checked). */
  readonly learn?: (memory: CreditMemory, body: Record<string, unknown>, answer: Record<string, unknown>) => void;
}

export type OperationName = Exclude<keyof HostedJourneyClient, 'toString' | 'toJSON'>;

/** The profile endpoint without an institution starts the application … */
const startBody = /* @__PURE__ */ z.lazy(() =>
  api.profileBody.check(
    z.refine((v) => v.bank_id === undefined, {
      message: 'use attachInstitution to attach an institution',
      path: ['bank_id'],
    }),
  ),
);
/** … and with `bank_id` and `pathway` attaches one. */
const attachBody = /* @__PURE__ */ z.lazy(() =>
  api.profileBody.check(
    z.refine((v) => v.bank_id !== undefined && v.pathway !== undefined, {
      message: 'bank_id and pathway are required',
      path: ['bank_id'],
    }),
  ),
);
/** The service's rule for listing a default [doc], checked before sending. */
const registerDefaultBody = /* @__PURE__ */ z.lazy(() =>
  api.registerDefaultBody.check(
    z.refine((v) => Number(v.amount) >= api.DEFAULT_MIN_AMOUNT, {
      message: `a default needs at least $${api.DEFAULT_MIN_AMOUNT} overdue`,
      path: ['amount'],
    }),
    z.refine((v) => v.days_overdue >= api.DEFAULT_MIN_DAYS_OVERDUE, {
      message: `a default needs at least ${api.DEFAULT_MIN_DAYS_OVERDUE} days overdue`,
      path: ['days_overdue'],
    }),
  ),
);
/** The client registers for its own token only: `token_id` is not an option. */
const registerWebhookBody = /* @__PURE__ */ z.lazy(() => z.omit(api.webhookRegistrationObject(), { token_id: true }));
const closeAccount = (body: Record<string, unknown>) => ({
  ...body,
  status: 'closed',
  closed_on: body.closed_on ?? new Date().toISOString().slice(0, 10),
});

const seeAccount = (m: CreditMemory, _: unknown, answer: Record<string, unknown>) => m.seeAccount(answer);
/** A renewal is `POST …/consents` naming the consent it renews: the institution is the renewed consent's. */
const renewBody = /* @__PURE__ */ z.lazy(() =>
  api.consentBody.check(
    z.refine((v) => v.renews !== undefined, { message: 'the consent to renew is required', path: ['renews'] }),
    z.refine((v) => v.bank_id === undefined, {
      message: 'a renewal keeps the institution of the consent it renews',
      path: ['bank_id'],
    }),
  ),
);

const E = api.ENDPOINTS;
const W = api.WEBHOOKS;
const C = api.CONSENTS;

/**
 * Built by a call marked pure: reading the rows of ENDPOINTS (`E.profile`) could run a getter as far as a bundler
 * knows, so a table written out at module level would stay in every bundle, with every schema it names, even one that
 * never creates a client (the Fetch-runtime verifier). Built this way it goes with `createClient`.
 */
export const OPERATIONS = /* @__PURE__ */ (() =>
  ({
    startApplication: { endpoint: E.profile, input: startBody, response: api.applicationResponse },
    attachInstitution: { endpoint: E.profile, input: attachBody, response: api.applicationResponse },
    createConsent: { endpoint: E.consents, input: api.consentBody, response: api.consentResponse },
    listConsents: { endpoint: C.list, response: api.consentListResponse },
    renewConsent: { endpoint: E.consents, input: renewBody, response: api.consentResponse },
    revokeConsent: { endpoint: C.revoke, input: api.revokeConsentBody, response: api.consentView },
    getInstitution: { endpoint: api.INSTITUTION_LOOKUP.get, response: api.institutionResponse },
    finalise: { endpoint: E.finalise, input: api.finaliseBody, response: api.finaliseResponse },
    downloadBundle: { endpoint: E.bundle, input: z.object({ format: z.enum(api.BUNDLE_FORMATS) }) },
    lodgeEnquiry: { endpoint: E.lodgeEnquiry, input: api.lodgeEnquiryBody, response: api.enquiryResponse },
    getReport: {
      endpoint: E.getReport,
      input: api.getReportBody,
      response: api.creditReportResponse,
      learn: (m, _, answer) => m.seeReport(answer),
    },
    downloadReport: { endpoint: E.downloadReport, input: api.getReportBody },
    createAccount: {
      endpoint: E.createAccount,
      input: api.createAccountBody,
      response: api.accountResponse,
      learn: seeAccount,
    },
    updateAccount: {
      endpoint: E.updateAccount,
      input: api.updateAccountBody,
      response: api.accountResponse,
      learn: seeAccount,
    },
    closeAccount: {
      endpoint: E.updateAccount,
      input: api.updateAccountBody,
      response: api.accountResponse,
      complete: closeAccount,
      learn: seeAccount,
    },
    savePayment: {
      endpoint: E.savePayment,
      input: api.savePaymentBody,
      response: api.paymentResponse,
      prepare: (m, operation, body) => m.preparePayment(operation, body),
      learn: (m, body) => m.seePayment(body),
    },
    registerDefault: { endpoint: E.registerDefault, input: registerDefaultBody, response: api.defaultResponse },
    updateDefault: { endpoint: E.updateDefault, input: api.updateDefaultBody, response: api.defaultResponse },
    registerWebhook: { endpoint: W.register, input: registerWebhookBody, response: api.webhookResponse },
    listWebhooks: { endpoint: W.list, response: api.webhookListResponse },
    deleteWebhook: { endpoint: W.delete, response: api.webhookDeletedResponse, positional: 'id' },
  }) as const satisfies Record<OperationName, Operation>)();

/** The `{name}` keys of a path template, in order. */
export function pathKeys(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
