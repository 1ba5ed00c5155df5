/**
 * Rule-based classification of transaction descriptions into the service's categories. The rules look only at the
 * description and the direction of the money, as the real service's would; the generator does not pass categories in.
 */

export const CATEGORIES = [
  'wages',
  'centrelink',
  'rent',
  'groceries',
  'utilities',
  'telecommunications',
  'gambling',
  'buy_now_pay_later',
  'loan_repayments',
  'transfers',
  'dining',
  'transport',
  'health',
  'entertainment',
  'shopping',
  'fees',
  'interest',
  'cash_withdrawals',
  'other_income',
  'uncategorised',
] as const;
export type Category = (typeof CATEGORIES)[number];

interface Rule {
  category: Category;
  pattern: RegExp;
  /** Only money in (`credit`) or out (`debit`); both when absent. */
  direction?: 'credit' | 'debit';
}

// Order matters: the first matching rule wins (e.g. "TRANSFER ... RENT" is rent, not a transfer).
const RULES: readonly Rule[] = [
  { category: 'centrelink', pattern: /\b(CENTRELINK|SERVICES AUSTRALIA|DSS PAYMENT)\b/ },
  { category: 'wages', pattern: /\b(SALARY|PAYROLL|WAGES?|PAY RUN)\b/, direction: 'credit' },
  { category: 'rent', pattern: /\b(RENT|REAL ESTATE|PROPERTY MGMT|RENTAL)\b/, direction: 'debit' },
  { category: 'gambling', pattern: /\b(SPORTSBET|TAB(CORP)?|LADBROKES|BET365|POINTSBET|NEDS|LOTTO|CROWN CASINO)\b/ },
  { category: 'buy_now_pay_later', pattern: /\b(AFTERPAY|ZIP ?PAY|ZIP ?MONEY|HUMM|KLARNA|LATITUDE PAY)\b/ },
  { category: 'loan_repayments', pattern: /\b(LOAN REPAYMENT|CAR LOAN|PERSONAL LOAN|MONEYME|NOW FINANCE)\b/ },
  { category: 'groceries', pattern: /\b(WOOLWORTHS|COLES|ALDI|IGA|HARRIS FARM|FOODWORKS)\b/ },
  {
    category: 'utilities',
    pattern: /\b(AGL|ORIGIN ENERGY|ENERGYAUSTRALIA|SYDNEY WATER|YARRA VALLEY WATER|RED ENERGY)\b/,
  },
  { category: 'telecommunications', pattern: /\b(TELSTRA|OPTUS|VODAFONE|TPG|AUSSIE BROADBAND)\b/ },
  { category: 'dining', pattern: /\b(UBER ?EATS|MENULOG|DOORDASH|MCDONALDS|CAFE|RESTAURANT|GRILL'D|DOMINOS)\b/ },
  { category: 'transport', pattern: /\b(OPAL|MYKI|GO CARD|UBER TRIP|DIDI|SHELL|BP|7-ELEVEN FUEL|AMPOL|LINKT)\b/ },
  { category: 'health', pattern: /\b(CHEMIST|PHARMACY|MEDICARE|BUPA|MEDIBANK|DENTAL)\b/ },
  { category: 'entertainment', pattern: /\b(NETFLIX|SPOTIFY|STAN|DISNEY|HOYTS|EVENT CINEMAS|STEAM)\b/ },
  { category: 'shopping', pattern: /\b(KMART|TARGET|BIG W|JB HI-FI|BUNNINGS|AMAZON|MYER|DAVID JONES)\b/ },
  { category: 'cash_withdrawals', pattern: /\b(ATM|CASH WITHDRAWAL)\b/, direction: 'debit' },
  { category: 'fees', pattern: /\b(FEE|CHARGE|DISHONOUR)\b/, direction: 'debit' },
  { category: 'interest', pattern: /\bINTEREST\b/ },
  { category: 'transfers', pattern: /\b(TRANSFER|TFR|OSKO|PAYID|BPAY)\b/ },
  { category: 'other_income', pattern: /\b(REFUND|REBATE|ATO)\b/, direction: 'credit' },
];

/** Returns the category of one transaction; `uncategorised` when no rule matches. */
export function classify(description: string, amount: number): Category {
  const text = description.toUpperCase();
  const direction = amount < 0 ? 'debit' : 'credit';
  for (const rule of RULES) {
    if (rule.direction && rule.direction !== direction) continue;
    if (rule.pattern.test(text)) return rule.category;
  }
  return 'uncategorised';
}
