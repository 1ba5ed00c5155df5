/**
 * What a credit reporting body keeps, and for how long, on the sandbox's clock: a month's FHI for 12 months, its RHI
 * for 24 (RETENTION_MONTHS). A month past its retention is deleted, so it leaves every report.
 */
import { RETENTION_MONTHS, monthsAgo } from '../../protocol/index.js';
import type { CreditAccount } from '../core/state.js';

/** Deletes what `now` puts past its retention: the FHI of a month first, then the whole month. */
export function expire(account: CreditAccount, now: Date): void {
  for (const [month, entry] of account.payments) {
    const age = monthsAgo(month, now);
    if (age >= RETENTION_MONTHS.repayment_history) account.payments.delete(month);
    else if (entry.hardship !== undefined && age >= RETENTION_MONTHS.hardship)
      account.payments.set(month, { status: entry.status });
  }
}
