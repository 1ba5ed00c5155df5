// Unit tests of the data generator and the classifier (no HTTP).
import { describe, expect, it } from 'vitest';
import { generateBankData } from '../../src/sandbox/data/generate.js';
import { classify } from '../../src/sandbox/data/classify.js';
import { createRandom, toDecimal } from '../../src/sandbox/data/random.js';

const base = {
  seed: 's',
  vendor: 'v',
  ref: 'r',
  institutionId: 'sandbox-bank',
  endDate: new Date('2026-11-22T12:00:00Z'),
};

describe('generateBankData', () => {
  it('is a pure function of seed, customer and date', () => {
    expect(generateBankData(base)).toEqual(generateBankData(base));
    expect(generateBankData({ ...base, seed: 't' })).not.toEqual(generateBankData(base));
  });

  it("keeps the customer's accounts (ids, BSB, numbers) whatever day the history ends on; the history moves", () => {
    const held = (day: string) =>
      generateBankData({ ...base, endDate: new Date(day) }).accounts.map(({ account_id, bsb, account_number }) => ({
        account_id,
        bsb,
        account_number,
      }));
    for (const day of ['2026-11-23T00:00:00Z', '2026-12-03T09:00:00Z', '2027-05-10T00:00:00Z'])
      expect(held(day)).toEqual(held('2026-11-22T12:00:00Z'));
    expect(generateBankData({ ...base, endDate: new Date('2026-12-03') }).transactions).not.toEqual(
      generateBankData(base).transactions,
    );
    expect(generateBankData({ ...base, vendor: 'w' }).accounts[0]!.account_number).not.toBe(
      generateBankData(base).accounts[0]!.account_number,
    );
  });

  it('covers at least 90 days ending on the given date, with running balances that add up', () => {
    const data = generateBankData({ ...base, days: 30 });
    expect(data.period).toEqual({ from: '2026-08-25', to: '2026-11-22' });
    for (const account of data.accounts) {
      const txns = data.transactions.filter((t) => t.account_id === account.account_id);
      expect(txns.at(-1)!.balance).toBe(account.current_balance);
      for (let i = 1; i < txns.length; i++) {
        expect(Math.round((Number(txns[i - 1]!.balance) + Number(txns[i]!.amount)) * 100)).toBe(
          Math.round(Number(txns[i]!.balance) * 100),
        );
      }
    }
    expect(generateBankData({ ...base, days: 365 }).transactions.length).toBeGreaterThan(800);
  });
});

describe('classify', () => {
  it.each([
    ['SALARY ACME LOGISTICS PTY LTD', 2500, 'wages'],
    ['CENTRELINK PAYMENT REF 123456', 400, 'centrelink'],
    ['RENT PAYMENT RAY WHITE REAL ESTATE', -500, 'rent'],
    ['WOOLWORTHS 1234 SYDNEY', -80, 'groceries'],
    ['AGL ENERGY DIRECT DEBIT', -120, 'utilities'],
    ['SPORTSBET ONLINE BET', -50, 'gambling'],
    ['AFTERPAY INSTALMENT 12345', -40, 'buy_now_pay_later'],
    ['TRANSFER TO SAVINGS ACCOUNT', -100, 'transfers'],
    ['UBER EATS BONDI', -30, 'dining'],
    ['OPAL TRAVEL SYDNEY', -5, 'transport'],
    ['ZZZ UNKNOWN MERCHANT', -5, 'uncategorised'],
  ] as const)('%s → %s', (description, amount, category) => {
    expect(classify(description, amount)).toBe(category);
  });

  it('uses the direction: a salary-looking debit is not wages', () => {
    expect(classify('SALARY SACRIFICE ADJUSTMENT', -100)).not.toBe('wages');
  });
});

describe('random', () => {
  it('repeats its sequence for a seed and formats decimals', () => {
    const a = createRandom('x');
    const b = createRandom('x');
    expect([a.next(), a.next(), a.int(1, 6)]).toEqual([b.next(), b.next(), b.int(1, 6)]);
    expect([toDecimal(-45.2), toDecimal(0.1 + 0.2), toDecimal(1234)]).toEqual(['-45.20', '0.30', '1234.00']);
  });
});
