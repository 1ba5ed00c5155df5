/**
 * Deterministic bank data for one customer: accounts and ≥ 90 days of transactions, every figure drawn from the
 * seeded generator so the same seed, customer and date always give the same data. Amounts are decimal strings.
 */
import { createRandom, toDecimal } from './random.js';
import { classify, type Category } from './classify.js';
import { HISTORY_DAYS } from '../../protocol/journey-copy.js';

export interface BankAccount {
  account_id: string;
  name: string;
  type: 'transaction' | 'savings' | 'credit_card';
  bsb: string;
  account_number: string;
  current_balance: string;
  available_balance: string;
}

export interface BankTransaction {
  transaction_id: string;
  account_id: string;
  /** YYYY-MM-DD */
  date: string;
  description: string;
  /** Signed decimal string: negative is money out. */
  amount: string;
  /** Running balance after this transaction. */
  balance: string;
  category: Category;
}

export interface BankData {
  accounts: BankAccount[];
  transactions: BankTransaction[];
  period: { from: string; to: string };
}

export interface GenerateOptions {
  seed: string;
  vendor: string;
  ref: string;
  institutionId: string;
  /** Days of history; at least 90 are produced. */
  days?: number;
  /** Last day of the history. */
  endDate: Date;
}

const DAY_MS = 86_400_000;
const EMPLOYERS = [
  'ACME LOGISTICS',
  'HARBOUR HEALTH',
  'SOUTHERN CROSS MEDIA',
  'KOALA CONSTRUCTIONS',
  'BLUEGUM SOFTWARE',
];
const AGENTS = ['RAY WHITE', 'LJ HOOKER', 'MCGRATH', 'BELLE PROPERTY'];
const SUBURBS = ['SYDNEY', 'PARRAMATTA', 'CHATSWOOD', 'NEWTOWN', 'BONDI', 'MELBOURNE', 'FITZROY'];
const GROCERS = ['WOOLWORTHS', 'COLES', 'ALDI', 'IGA'];
const DINING = ['UBER EATS', 'MENULOG', 'MCDONALDS', 'CAFE BARISTA', "GRILL'D", 'DOMINOS'];
const TRANSPORT = ['OPAL TRAVEL', 'UBER TRIP', 'SHELL COLES EXPRESS', 'AMPOL', 'LINKT TOLL'];
const SHOPS = ['KMART', 'TARGET', 'BIG W', 'JB HI-FI', 'BUNNINGS', 'AMAZON AU'];
const BOOKMAKERS = ['SPORTSBET', 'LADBROKES', 'TAB', 'POINTSBET'];
const BNPL = ['AFTERPAY', 'ZIP PAY', 'HUMM'];
const SUBSCRIPTIONS = ['NETFLIX.COM', 'SPOTIFY', 'STAN.COM.AU'];

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

interface Raw {
  account: number;
  day: number;
  description: string;
  amount: number;
}

/**
 * The accounts themselves (ids, BSB, numbers), from a stream of their own: the history depends on the day it ends, and
 * a customer's accounts do not change from one day's crawl to the next.
 */
function heldAccounts(options: GenerateOptions, count: number) {
  const held = createRandom(options.seed, options.vendor, options.ref, options.institutionId, 'accounts');
  const bsb = `${held.int(100, 999)}-${held.int(100, 999)}`;
  const ids = Array.from({ length: count }, (_, i) => `acc_${held.int(100000, 999999)}${i}`);
  return { bsb, ids, numbers: ids.map(() => String(held.int(10000000, 99999999))) };
}

/**
 * The raw entries as transactions, in order, each with its account's running balance (`balances` end as the closing
 * ones). A day's date string is made once, not per transaction.
 */
function toTransactions(raws: Raw[], ids: string[], balances: number[], period: { start: number; days: number }) {
  const { start, days } = period;
  const dates = Array.from({ length: days }, (_, day) => isoDay(new Date(start + day * DAY_MS)));
  return raws.map((r, i): BankTransaction => {
    balances[r.account] = Math.round((balances[r.account]! + r.amount) * 100) / 100;
    return {
      transaction_id: `txn_${String(i + 1).padStart(5, '0')}`,
      account_id: ids[r.account]!,
      date: dates[r.day]!,
      description: r.description,
      amount: toDecimal(r.amount),
      balance: toDecimal(balances[r.account]!),
      category: classify(r.description, r.amount),
    };
  });
}

/** Generates one customer's accounts and transactions. Pure: the same options give the same data. */
export function generateBankData(options: GenerateOptions): BankData {
  const rnd = createRandom(options.seed, options.vendor, options.ref, options.institutionId);
  const days = Math.max(HISTORY_DAYS, options.days ?? HISTORY_DAYS);
  const end = Date.UTC(options.endDate.getUTCFullYear(), options.endDate.getUTCMonth(), options.endDate.getUTCDate());
  const start = end - (days - 1) * DAY_MS;

  const profile = {
    employer: rnd.pick(EMPLOYERS),
    wage: rnd.cents(2200, 3800),
    wageOffset: rnd.int(0, 13),
    centrelink: rnd.chance(0.4),
    agent: rnd.pick(AGENTS),
    rent: rnd.cents(380, 720),
    rentWeekday: rnd.int(0, 6),
    suburb: rnd.pick(SUBURBS),
    gambler: rnd.next(),
    bnpl: rnd.chance(0.6),
    subscription: rnd.pick(SUBSCRIPTIONS),
  };
  const raws: Raw[] = [];
  const add = (account: number, day: number, description: string, amount: number) =>
    raws.push({ account, day, description, amount });

  for (let day = 0; day < days; day++) {
    const date = new Date(start + day * DAY_MS);
    const dom = date.getUTCDate();
    if ((day + profile.wageOffset) % 14 === 0)
      add(0, day, `SALARY ${profile.employer} PTY LTD`, profile.wage + rnd.cents(-40, 40));
    if (profile.centrelink && (day + profile.wageOffset + 7) % 14 === 0)
      add(0, day, `CENTRELINK PAYMENT REF ${rnd.int(100000, 999999)}`, rnd.cents(320, 560));
    if (date.getUTCDay() === profile.rentWeekday)
      add(0, day, `RENT PAYMENT ${profile.agent} REAL ESTATE`, -profile.rent);
    if (rnd.chance(0.45))
      add(0, day, `${rnd.pick(GROCERS)} ${rnd.int(1000, 9999)} ${profile.suburb}`, -rnd.cents(12, 185));
    if (rnd.chance(0.65)) add(rnd.chance(0.3) ? 2 : 0, day, `${rnd.pick(DINING)} ${profile.suburb}`, -rnd.cents(8, 65));
    if (rnd.chance(0.8)) add(0, day, `${rnd.pick(TRANSPORT)} ${profile.suburb}`, -rnd.cents(3, 90));
    if (rnd.chance(profile.gambler * 0.25)) add(0, day, `${rnd.pick(BOOKMAKERS)} ONLINE BET`, -rnd.cents(10, 150));
    if (profile.gambler > 0.7 && rnd.chance(0.03))
      add(0, day, `${rnd.pick(BOOKMAKERS)} WITHDRAWAL`, rnd.cents(50, 400));
    if (profile.bnpl && day % 14 === 3)
      add(0, day, `${rnd.pick(BNPL)} INSTALMENT ${rnd.int(10000, 99999)}`, -rnd.cents(25, 120));
    if (rnd.chance(0.08)) add(2, day, `${rnd.pick(SHOPS)} ${profile.suburb}`, -rnd.cents(15, 320));
    if (rnd.chance(0.04)) add(0, day, `ATM CASH WITHDRAWAL ${profile.suburb}`, -rnd.int(2, 10) * 20);
    if (dom === 5) add(0, day, 'AGL ENERGY DIRECT DEBIT', -rnd.cents(90, 260));
    if (dom === 12) add(0, day, 'TELSTRA MOBILE DIRECT DEBIT', -rnd.cents(45, 95));
    if (dom === 18) add(2, day, profile.subscription, -rnd.pick([10.99, 16.99, 22.99]));
    if (dom === 20) add(0, day, 'SYDNEY WATER QUARTERLY', -rnd.cents(60, 180));
    if (dom === 1) add(0, day, 'MONTHLY ACCOUNT FEE', -5);
    if (dom === 28) {
      const saved = rnd.cents(100, 400);
      add(0, day, 'TRANSFER TO SAVINGS ACCOUNT', -saved);
      add(1, day, 'TRANSFER FROM EVERYDAY ACCOUNT', saved);
      add(1, day, 'INTEREST CREDIT', rnd.cents(1, 12));
      const card = rnd.cents(150, 600);
      add(0, day, 'BPAY CREDIT CARD PAYMENT', -card);
      add(2, day, 'BPAY PAYMENT RECEIVED THANK YOU', card);
    }
  }

  const defs: Array<Pick<BankAccount, 'name' | 'type'> & { opening: number; limit: number }> = [
    { name: 'Everyday Account', type: 'transaction', opening: rnd.cents(800, 4000), limit: 0 },
    { name: 'Savings Account', type: 'savings', opening: rnd.cents(1000, 12000), limit: 0 },
    {
      name: 'Low Rate Credit Card',
      type: 'credit_card',
      opening: -rnd.cents(200, 1500),
      limit: rnd.pick([2000, 4000, 6000]),
    },
  ];
  const accounts: BankAccount[] = [];
  const balances = defs.map((d) => d.opening);
  const { bsb, ids, numbers } = heldAccounts(options, defs.length);
  const transactions = toTransactions(raws, ids, balances, { start, days });
  defs.forEach((d, i) => {
    const current = balances[i]!;
    accounts.push({
      account_id: ids[i]!,
      name: d.name,
      type: d.type,
      bsb,
      account_number: numbers[i]!,
      current_balance: toDecimal(current),
      available_balance: toDecimal(d.type === 'credit_card' ? d.limit + current : Math.max(0, current)),
    });
  });
  return { accounts, transactions, period: { from: isoDay(new Date(start)), to: isoDay(new Date(end)) } };
}

/** Accounts as the bank's consent page lists them (masked). Same generator, so names match the crawl. */
export function maskAccount(account: BankAccount): string {
  return `${account.name} ••${account.account_number.slice(-4)}`;
}
