/**
 * The client's methods: one for each operation the service answers (src/protocol/operations.ts), named as its row,
 * and three more that call a row's operation their own way (`attachInstitution`, `renewConsent`, `closeAccount`).
 * Beside each, its behaviour: a stricter check of what the caller sends, what it adds, what it refuses and remembers.
 * `createClient` builds every method of `HostedJourneyClient` from the resolved rows; a row without a method (or a
 * method without a row) fails the build.
 */
import * as z from 'zod/mini';
import * as api from '../../protocol/api.js';
import {
  API_OPERATIONS,
  CLIENT_VARIANTS,
  type ClientVariantName,
  type ApiOperation,
  type ApiOperationName,
  type ApiOperations,
  type ServiceOperationName,
} from '../../protocol/operations.js';
import type { CreditMemory } from './credit-memory.js';
import type { HostedJourneyClient } from './types.js';

export interface Operation extends ApiOperation {
  /** The row of the operation table the method calls. */
  readonly operation: ApiOperationName;
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
type Behaviour = Partial<Omit<Operation, keyof ApiOperation | 'operation'>> & { readonly input?: z.ZodMiniType };

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

/** What the client adds to the row of its own name. */
const own = () =>
  ({
    startApplication: { input: startBody },
    getReport: { learn: (m, _, answer) => m.seeReport(answer) },
    createAccount: { learn: seeAccount },
    updateAccount: { learn: seeAccount },
    savePayment: {
      prepare: (m, operation, body) => m.preparePayment(operation, body),
      learn: (m, body) => m.seePayment(body),
    },
    registerDefault: { input: registerDefaultBody },
    registerWebhook: { input: registerWebhookBody },
    deleteWebhook: { positional: 'id' },
  }) as const satisfies { [K in ServiceOperationName]?: Behaviour };

/** What each method that calls another row's operation (CLIENT_VARIANTS names the row) does its own way. */
const variants = () =>
  ({
    attachInstitution: { input: attachBody },
    renewConsent: { input: renewBody },
    closeAccount: { complete: closeAccount, learn: seeAccount },
  }) as const satisfies Record<ClientVariantName, Behaviour>;

type Own = ReturnType<typeof own>;
type Variants = ReturnType<typeof variants>;
type Resolved<N extends ApiOperationName, B> = Omit<ApiOperations[N], keyof B> &
  Omit<B, 'operation'> & { operation: N };
export type ClientOperations = {
  [K in ServiceOperationName]: Resolved<K, K extends keyof Own ? Own[K] : unknown>;
} & { [K in ClientVariantName]: Resolved<(typeof CLIENT_VARIANTS)[K], Variants[K]> };

export type OperationName = Exclude<keyof HostedJourneyClient, 'toString' | 'toJSON'>;
// Compile-time: a method for every row the service answers, and a row for every method.
type Assert<T extends true> = T;
export type EveryRowAMethod = Assert<
  [Exclude<keyof ClientOperations, OperationName> | Exclude<OperationName, keyof ClientOperations>] extends [never]
    ? true
    : false
>;

/**
 * The resolved rows, built by a call marked pure: a table built at module level would stay in every bundle, with
 * every schema it names, even one that never creates a client (the Fetch-runtime verifier). Built this way it goes
 * with `createClient`.
 */
export const OPERATIONS: ClientOperations = /* @__PURE__ */ (() => {
  const rows: Record<string, Operation> = {};
  const mine: Record<string, Behaviour> = own();
  for (const [name, row] of Object.entries(API_OPERATIONS) as Array<[ApiOperationName, ApiOperation]>)
    if (row.source !== 'sandbox') rows[name] = { ...row, operation: name, ...mine[name] };
  for (const [name, behaviour] of Object.entries(variants()) as Array<[ClientVariantName, Behaviour]>) {
    const operation = CLIENT_VARIANTS[name];
    rows[name] = { ...API_OPERATIONS[operation], operation, ...behaviour };
  }
  return rows as unknown as ClientOperations;
})();
