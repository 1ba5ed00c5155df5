/**
 * Credit reporting's codes and rules, shared by the client (which refuses before sending what it can already tell is
 * wrong) and the sandbox (which refuses the same things with the same codes). docs/credit-reporting.md cites each
 * source; [doc] is the law or ARCA's data standard (ACRDS), [ours] where neither says.
 */

/**
 * Repayment history information (RHI), one code a month [doc]: `0` current (paid, or within the 14-day grace
 * period), `1` 15–29 days overdue, `2` 30–59, `3` 60–89, `4` 90–119, `5` 120–149, `6` 150–179, `X` 180 or more.
 */
export const REPAYMENT_CODES = ['0', '1', '2', '3', '4', '5', '6', 'X'] as const;
export type RepaymentCode = (typeof REPAYMENT_CODES)[number];
/**
 * The code this API used for "current" before it followed the standard. Still accepted and read as `0`, with a
 * deprecation warning: the standard writes current as `0`.
 */
export const LEGACY_CURRENT_CODE = 'C';
/** @deprecated Send `'0'`: the standard's code for a current month. `'C'` is read as `'0'`. */
export type LegacyRepaymentCode = typeof LEGACY_CURRENT_CODE;
/** Warning code answered with a payment that used {@link LEGACY_CURRENT_CODE} [ours]. */
export const DEPRECATED_REPAYMENT_CODE = 'DEPRECATED_REPAYMENT_CODE';

/**
 * Financial hardship information (FHI) [doc]: `A` a temporary arrangement, reported for every month it runs; `V` a
 * permanent variation of the contract, reported once, in the month it takes effect.
 */
export const HARDSHIP_CODES = ['A', 'V'] as const;
export type HardshipCode = (typeof HARDSHIP_CODES)[number];

/**
 * The kinds of account and what each may carry [doc]: RHI and FHI come only from licensed providers of consumer
 * credit; a phone, internet or utility account may be listed as a default but carries neither.
 */
export const ACCOUNT_KINDS = {
  personal_loan: { repayment_history: true, hardship: true },
  credit_card: { repayment_history: true, hardship: true },
  home_loan: { repayment_history: true, hardship: true },
  car_loan: { repayment_history: true, hardship: true },
  bnpl: { repayment_history: true, hardship: true },
  telco: { repayment_history: false, hardship: false },
  utility: { repayment_history: false, hardship: false },
} as const satisfies Record<string, { repayment_history: boolean; hardship: boolean }>;
export type AccountKind = keyof typeof ACCOUNT_KINDS;
export const ACCOUNT_TYPES = /* @__PURE__ */ Object.keys(ACCOUNT_KINDS) as [AccountKind, ...AccountKind[]];

/** How long a credit reporting body keeps each month, in months counted from the month reported [doc]. */
export const RETENTION_MONTHS = { repayment_history: 24, hardship: 12 } as const;

/** A default can be listed only when at least this much is overdue … [doc] */
export const DEFAULT_MIN_AMOUNT = 150;
/** … for at least this many days [doc]. */
export const DEFAULT_MIN_DAYS_OVERDUE = 60;

/** The code of the report's notice that it holds FHI; its words are the report's (sandbox/credit/words.ts) [ours]. */
export const HARDSHIP_NOTICE = 'financial_hardship_information';

/** Why a month's payment is refused: the client's `PaymentRefusedError.code` and the service's error code alike. */
export const PaymentRefusalCode = {
  /** FHI for a month whose RHI the call does not carry: FHI is disclosed with the month's RHI [doc]. */
  HARDSHIP_WITHOUT_REPAYMENT: 'HARDSHIP_WITHOUT_REPAYMENT',
  /** A second `V` for one arrangement: a variation is reported once, in the month it takes effect [doc]. */
  SECOND_VARIATION: 'SECOND_VARIATION',
  /** FHI on a closed account [ours: nothing is reported after closing, and hardship least of all]. */
  HARDSHIP_ON_CLOSED_ACCOUNT: 'HARDSHIP_ON_CLOSED_ACCOUNT',
  /** FHI on a kind of account that may not carry it (telco, utility) [doc]. */
  HARDSHIP_NOT_PERMITTED: 'HARDSHIP_NOT_PERMITTED',
  /** RHI on a kind of account that may not carry it (telco, utility) [doc]. */
  REPAYMENT_HISTORY_NOT_PERMITTED: 'REPAYMENT_HISTORY_NOT_PERMITTED',
  /** A month after the current one: its repayment cannot be known yet [ours]. */
  MONTH_IN_FUTURE: 'MONTH_IN_FUTURE',
  /** A month already past RHI's retention: it would be deleted as it is saved, and never reported [doc: 24 months]. */
  MONTH_PAST_RETENTION: 'MONTH_PAST_RETENTION',
} as const;
export type PaymentRefusalCode = (typeof PaymentRefusalCode)[keyof typeof PaymentRefusalCode];
/** HTTP status of each refusal: 422 the call alone is wrong, 409 the account's state forbids it. */
export const PAYMENT_REFUSAL_STATUS: Record<PaymentRefusalCode, 409 | 422> = {
  HARDSHIP_WITHOUT_REPAYMENT: 422,
  SECOND_VARIATION: 409,
  HARDSHIP_ON_CLOSED_ACCOUNT: 409,
  HARDSHIP_NOT_PERMITTED: 422,
  REPAYMENT_HISTORY_NOT_PERMITTED: 422,
  MONTH_IN_FUTURE: 422,
  MONTH_PAST_RETENTION: 422,
};

export interface PaymentRefusal {
  code: PaymentRefusalCode;
  /** The field at fault, e.g. `hardship.code`. */
  path: string;
  /** A developer's explanation (English). */
  message: string;
}

/** What is known of the account a payment is for; the client knows what it has seen, the sandbox everything. */
export interface PaymentFacts {
  account_type?: string | undefined;
  status?: string | undefined;
  /** Arrangement id → the month its `V` was reported. */
  variations?: ReadonlyMap<string, string> | undefined;
}

/**
 * The months a payment may be for, oldest and newest (YYYY-MM): from the oldest month RHI's retention still keeps to
 * the current month. See {@link reportableMonths}.
 */
export interface MonthWindow {
  earliest: string;
  latest: string;
}

/** The part of a payment the rules read. */
export interface PaymentToCheck {
  month: string;
  status?: string | undefined;
  hardship?: { code: string; arrangement_id: string } | undefined;
}

/**
 * The first rule a payment breaks, in the order listed by {@link PaymentRefusalCode}; undefined when none. The month's
 * window is checked only when `window` is given.
 */
export function refusePayment(
  p: PaymentToCheck,
  facts: PaymentFacts = {},
  window?: MonthWindow,
): PaymentRefusal | undefined {
  return refuseForAccount(p, facts) ?? (window ? refuseMonth(p.month, window) : undefined);
}

function refuseForAccount(p: PaymentToCheck, facts: PaymentFacts): PaymentRefusal | undefined {
  const C = PaymentRefusalCode;
  const h = p.hardship;
  if (h && p.status === undefined)
    return {
      code: C.HARDSHIP_WITHOUT_REPAYMENT,
      path: 'status',
      message: `hardship for ${p.month} needs that month's repayment status in the same call`,
    };
  const kind = facts.account_type as AccountKind | undefined;
  const may = kind !== undefined && Object.hasOwn(ACCOUNT_KINDS, kind) ? ACCOUNT_KINDS[kind] : undefined;
  if (h && may && !may.hardship)
    return {
      code: C.HARDSHIP_NOT_PERMITTED,
      path: 'hardship',
      message: `a ${kind} account may not carry financial hardship information`,
    };
  if (may && !may.repayment_history)
    return {
      code: C.REPAYMENT_HISTORY_NOT_PERMITTED,
      path: 'status',
      message: `a ${kind} account may not carry repayment history`,
    };
  if (h && facts.status === 'closed')
    return {
      code: C.HARDSHIP_ON_CLOSED_ACCOUNT,
      path: 'hardship',
      message: 'the account is closed; no financial hardship information can be reported for it',
    };
  const earlier = h?.code === 'V' ? facts.variations?.get(h.arrangement_id) : undefined;
  if (h && earlier !== undefined && earlier !== p.month)
    return {
      code: C.SECOND_VARIATION,
      path: 'hardship.code',
      message: `arrangement '${h.arrangement_id}' took effect as a variation (V) in ${earlier}; V is reported once`,
    };
  return undefined;
}

function refuseMonth(month: string, { earliest, latest }: MonthWindow): PaymentRefusal | undefined {
  const span = `months from ${earliest} to ${latest} can be reported`;
  const kept = RETENTION_MONTHS.repayment_history;
  if (month > latest)
    return {
      code: PaymentRefusalCode.MONTH_IN_FUTURE,
      path: 'month',
      message: `${month} is after the current month ${latest}; only ${span}`,
    };
  if (month < earliest)
    return {
      code: PaymentRefusalCode.MONTH_PAST_RETENTION,
      path: 'month',
      message: `${month} is past the ${kept} months repayment history is kept; only ${span}`,
    };
  return undefined;
}

/** YYYY-MM of the month `offset` months from `now`'s month (UTC). */
const monthOf = (now: Date, offset = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);

/**
 * The months reportable at `now`: the current month and the 23 before it (RHI's retention). `leewayMs` widens the
 * window by that much of clock difference each way, for a caller whose clock only approximates the service's.
 */
export function reportableMonths(now: Date, leewayMs = 0): MonthWindow {
  const t = now.getTime();
  return {
    earliest: monthOf(new Date(t - leewayMs), 1 - RETENTION_MONTHS.repayment_history),
    latest: monthOf(new Date(t + leewayMs)),
  };
}

/** Whole months from `month` (YYYY-MM) to `now`'s month (UTC): 0 for the current month. */
export function monthsAgo(month: string, now: Date): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return (now.getUTCFullYear() - y) * 12 + (now.getUTCMonth() + 1 - m);
}
