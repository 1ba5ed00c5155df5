/**
 * Credit report of an applicant (Australian comprehensive credit reporting): bureau history drawn from the seed plus
 * everything lodged through the API (enquiries, accounts, monthly repayment codes and hardship, defaults), as kept on
 * the sandbox's clock (retention.ts). Deterministic. The score reads repayment history, defaults and enquiries; never
 * hardship, which the law keeps out of scores.
 */
import { HARDSHIP_NOTICE, type HardshipCode, type RepaymentCode } from '../../protocol/index.js';
import { vendorDisplayName } from '../../protocol/journey-copy.js';
import { createRandom, toDecimal } from '../data/random.js';
import type { CreditAccount, Enquiry, SandboxState } from '../core/state.js';
import { expire } from './retention.js';
import { CREDIT_REPORT_WORDS } from './words.js';

export interface CreditReport {
  enquiry_id: string;
  generated_at: string;
  applicant: Enquiry['applicant'];
  score: number;
  score_band: 'below_average' | 'average' | 'good' | 'very_good' | 'excellent';
  enquiries: Array<{
    date: string;
    enquirer: string;
    enquiry_type: string;
    product: string;
    amount: string;
    enquiry_id?: string;
  }>;
  accounts: Array<{
    account_id: string;
    provider: string;
    account_type: string;
    credit_limit: string;
    opened_on: string;
    status: string;
    closed_on?: string;
    repayment_history: Array<{ month: string; status: RepaymentCode }>;
    hardship_history: Array<{ month: string; code: HardshipCode }>;
  }>;
  defaults: Array<{
    default_id: string;
    account_id: string;
    amount: string;
    days_overdue: number;
    listed_on: string;
    status: string;
  }>;
  notices?: Array<{ code: string; text: string }>;
}

const LENDERS = ['Koala Finance', 'Harbour Credit', 'Bluegum Bank', 'Southern Lending'];
const PRODUCTS = ['credit_card', 'personal_loan', 'car_loan', 'bnpl'] as const;

/** Who lodged an enquiry (and so provides its account): the lodging token's vendor, else the sandbox's stand-in. */
const lenderName = (e: Enquiry | undefined) =>
  e?.vendor ? vendorDisplayName(e.vendor) : CREDIT_REPORT_WORDS.unnamedLender;

const applicantKey = (e: Enquiry) =>
  `${e.applicant.first_name}|${e.applicant.last_name}|${e.applicant.date_of_birth}`.toLowerCase();

function monthsBack(now: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

const band = (score: number): CreditReport['score_band'] =>
  score < 510
    ? 'below_average'
    : score < 623
      ? 'average'
      : score < 726
        ? 'good'
        : score < 833
          ? 'very_good'
          : 'excellent';

export function buildCreditReport(state: SandboxState, seed: string, enquiry: Enquiry, now: Date): CreditReport {
  const key = applicantKey(enquiry);
  const rnd = createRandom(seed, 'credit', key);
  const months = monthsBack(now, 24);
  const mine = [...state.enquiries.values()].filter((e) => applicantKey(e) === key);
  const myEnquiryIds = new Set(mine.map((e) => e.id));

  const enquiries: CreditReport['enquiries'] = [];
  const pastEnquiries = rnd.int(0, 3);
  for (let i = 0; i < pastEnquiries; i++) {
    enquiries.push({
      date: `${months[rnd.int(0, 20)]}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
      enquirer: rnd.pick(LENDERS),
      enquiry_type: 'credit_application',
      product: rnd.pick(PRODUCTS),
      amount: toDecimal(rnd.int(5, 200) * 100),
    });
  }
  for (const e of mine) {
    enquiries.push({
      date: e.lodged_at.slice(0, 10),
      enquirer: lenderName(e),
      enquiry_type: e.enquiry_type,
      product: e.product,
      amount: e.amount,
      enquiry_id: e.id,
    });
  }
  enquiries.sort((a, b) => a.date.localeCompare(b.date));

  const accounts: CreditReport['accounts'] = [];
  const bureauAccounts = rnd.int(1, 2);
  for (let i = 0; i < bureauAccounts; i++) {
    const late = rnd.next();
    accounts.push({
      account_id: `bur_${i + 1}`,
      provider: rnd.pick(LENDERS),
      account_type: rnd.pick(PRODUCTS),
      credit_limit: toDecimal(rnd.int(10, 150) * 100),
      opened_on: `${months[0]}-01`,
      status: 'open',
      repayment_history: months.map((month) => ({
        month,
        status: (late > 0.7 && rnd.chance(0.1) ? rnd.pick(['1', '2'] as const) : '0') as RepaymentCode,
      })),
      hardship_history: [],
    });
  }
  const own: CreditAccount[] = [...state.accounts.values()].filter((a) => myEnquiryIds.has(a.enquiry_id));
  for (const a of own) {
    expire(a, now);
    const months = [...a.payments.entries()].sort(([m1], [m2]) => m1.localeCompare(m2));
    accounts.push({
      account_id: a.id,
      provider: lenderName(state.enquiries.get(a.enquiry_id)),
      account_type: a.account_type,
      credit_limit: a.credit_limit,
      opened_on: a.opened_on,
      status: a.status,
      ...(a.closed_on ? { closed_on: a.closed_on } : {}),
      repayment_history: months.map(([month, { status }]) => ({ month, status })),
      hardship_history: months.flatMap(([month, { hardship }]) => (hardship ? [{ month, code: hardship }] : [])),
    });
  }
  const ownIds = new Set(own.map((a) => a.id));
  const defaults = [...state.defaults.values()]
    .filter((d) => ownIds.has(d.account_id))
    .map((d) => ({
      default_id: d.id,
      account_id: d.account_id,
      amount: d.amount,
      days_overdue: d.days_overdue,
      listed_on: d.listed_on,
      status: d.status,
    }));

  let score = 540 + rnd.int(0, 300);
  for (const d of defaults) score -= d.status === 'outstanding' ? 150 : 60;
  for (const a of accounts)
    for (const h of a.repayment_history) if (/^[1-6]$/.test(h.status)) score -= 8 * Number(h.status);
  score -= Math.max(0, enquiries.length - 2) * 10;
  score = Math.max(0, Math.min(1200, score));
  const hardship = accounts.some((a) => a.hardship_history.length > 0);
  return {
    enquiry_id: enquiry.id,
    generated_at: now.toISOString(),
    applicant: enquiry.applicant,
    score,
    score_band: band(score),
    enquiries,
    accounts,
    defaults,
    ...(hardship ? { notices: [{ code: HARDSHIP_NOTICE, text: CREDIT_REPORT_WORDS.hardshipNotice }] } : {}),
  };
}
