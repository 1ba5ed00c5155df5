/**
 * What one client has seen of the credit accounts it reports on — each account's kind and status from the service's
 * answers, and the month of each arrangement's `V` it reported — so `savePayment` refuses before sending a month the
 * service would refuse (src/protocol/credit.ts has the rules both sides run). What it has not seen, the service
 * refuses with the same codes. Bounded: the least recently seen accounts are forgotten first.
 *
 * The month's window (after the current month, past retention) is judged on this process's clock, widened by the
 * signature's clock tolerance: the service refuses a request whose Date is further off its own clock, so the client
 * never refuses a month the service would take at a month's turn. The service judges again on its clock.
 */
import {
  DEPRECATED_REPAYMENT_CODE,
  LEGACY_CURRENT_CODE,
  type PaymentToCheck,
  refusePayment,
  reportableMonths,
} from '../../protocol/credit.js';
import { DEFAULT_TOLERANCE } from '../../protocol/signing.js';
import { PaymentRefusedError } from './errors.js';

interface Seen {
  account_type?: string | undefined;
  status?: string | undefined;
  variations: Map<string, string>;
}
type Body = Record<string, unknown>;
export type Warn = (fields: Record<string, unknown>, message: string) => void;

const MAX_ACCOUNTS = 10_000;

export class CreditMemory {
  readonly #accounts = new Map<string, Seen>();
  readonly #warned = new Set<string>();
  readonly #warn: Warn;
  constructor(warn: Warn) {
    this.#warn = warn;
  }

  #touch(id: string): Seen {
    const seen = this.#accounts.get(id) ?? { variations: new Map() };
    this.#accounts.delete(id);
    this.#accounts.set(id, seen);
    if (this.#accounts.size > MAX_ACCOUNTS) this.#accounts.delete(this.#accounts.keys().next().value!);
    return seen;
  }

  /** An answer describing an account: createAccount, updateAccount, closeAccount. */
  seeAccount(a: { account_id?: unknown; account_type?: unknown; status?: unknown }): void {
    if (typeof a.account_id !== 'string') return;
    const seen = this.#touch(a.account_id);
    if (typeof a.account_type === 'string') seen.account_type = a.account_type;
    if (typeof a.status === 'string') seen.status = a.status;
  }

  /** A credit report: the kind and status of each account on it that this client already knows of. */
  seeReport(report: { accounts?: unknown }): void {
    if (!Array.isArray(report.accounts)) return;
    for (const a of report.accounts as Array<{ account_id?: unknown }>)
      if (typeof a.account_id === 'string' && this.#accounts.has(a.account_id)) this.seeAccount(a);
  }

  /** Refuses what the rules forbid for what this client knows; sends `C` as `0`, warning once per client. */
  preparePayment(operation: string, body: Body): Body {
    const seen = typeof body.account_id === 'string' ? this.#accounts.get(body.account_id) : undefined;
    const leewayMs = Math.max(DEFAULT_TOLERANCE.pastSec, DEFAULT_TOLERANCE.futureSec) * 1000;
    const window = reportableMonths(new Date(), leewayMs);
    const refusal = refusePayment(body as unknown as PaymentToCheck, seen, window);
    if (refusal) throw new PaymentRefusedError(operation, refusal);
    if (body.status !== LEGACY_CURRENT_CODE) return body;
    if (!this.#warned.has(DEPRECATED_REPAYMENT_CODE)) {
      this.#warned.add(DEPRECATED_REPAYMENT_CODE);
      this.#warn(
        { operation, code: DEPRECATED_REPAYMENT_CODE },
        `${operation}: status 'C' is deprecated; send '0', the data standard's code for a current month ` +
          "('C' is sent as '0')",
      );
    }
    return { ...body, status: '0' };
  }

  /** A month the service accepted: remember its `V`. */
  seePayment(body: Body): void {
    const h = body.hardship as { code?: unknown; arrangement_id?: unknown } | undefined;
    if (typeof body.account_id !== 'string') return;
    const seen = this.#touch(body.account_id);
    if (h?.code === 'V' && typeof h.arrangement_id === 'string' && typeof body.month === 'string')
      seen.variations.set(h.arrangement_id, body.month);
  }
}
