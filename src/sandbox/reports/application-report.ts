/** The full application report (the JSON bundle); the PDF and CSV are renderings of it. */
import { toDecimal } from '../data/random.js';
import type { BankAccount, BankTransaction } from '../data/generate.js';
import type { Application } from '../core/state.js';

export interface CategorySummary {
  category: string;
  count: number;
  /** Money in, decimal string. */
  credits: string;
  /** Money out (positive), decimal string. */
  debits: string;
}

export interface ApplicationReport {
  application_id: string;
  vendor: string;
  ref: string;
  customer: { full_name: string | null; email: string | null; phone: string | null };
  institution: { id: string; name: string; pathway: string };
  generated_at: string;
  period: { from: string; to: string };
  summary: {
    accounts: number;
    transactions: number;
    total_income: string;
    total_expenses: string;
    /** Average monthly wages + Centrelink over the period. */
    monthly_income: string;
    gambling_spend: string;
    bnpl_spend: string;
    categories: CategorySummary[];
  };
  accounts: BankAccount[];
  transactions: BankTransaction[];
}

const cents = (amount: string): number => Math.round(Number(amount) * 100);

export function buildReport(app: Application, now: Date): ApplicationReport {
  const data = app.data!;
  const byCategory = new Map<string, { count: number; credits: number; debits: number }>();
  let income = 0;
  let expenses = 0;
  for (const t of data.transactions) {
    const c = cents(t.amount);
    const entry = byCategory.get(t.category) ?? { count: 0, credits: 0, debits: 0 };
    entry.count++;
    if (c >= 0) entry.credits += c;
    else entry.debits -= c;
    byCategory.set(t.category, entry);
    if (t.category === 'transfers') continue; // moving money between own accounts is neither income nor spending
    if (c >= 0) income += c;
    else expenses -= c;
  }
  const get = (k: string) => byCategory.get(k) ?? { count: 0, credits: 0, debits: 0 };
  const days = (Date.parse(data.period.to) - Date.parse(data.period.from)) / 86_400_000 + 1;
  const monthly = ((get('wages').credits + get('centrelink').credits) / days) * (365.25 / 12);
  return {
    application_id: app.id,
    vendor: app.vendor,
    ref: app.ref,
    customer: { full_name: app.full_name ?? null, email: app.email ?? null, phone: app.phone ?? null },
    institution: app.institution!,
    generated_at: now.toISOString(),
    period: data.period,
    summary: {
      accounts: data.accounts.length,
      transactions: data.transactions.length,
      total_income: toDecimal(income / 100),
      total_expenses: toDecimal(expenses / 100),
      monthly_income: toDecimal(Math.round(monthly) / 100),
      gambling_spend: toDecimal(get('gambling').debits / 100),
      bnpl_spend: toDecimal(get('buy_now_pay_later').debits / 100),
      categories: [...byCategory.entries()]
        .sort((a, b) => b[1].debits + b[1].credits - (a[1].debits + a[1].credits))
        .map(([category, v]) => ({
          category,
          count: v.count,
          credits: toDecimal(v.credits / 100),
          debits: toDecimal(v.debits / 100),
        })),
    },
    accounts: data.accounts,
    transactions: data.transactions,
  };
}
