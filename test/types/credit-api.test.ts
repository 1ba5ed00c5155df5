// Type tests of the credit-reporting types: the documented interfaces of hosted-journey-server are exactly what the
// protocol schemas (src/protocol/api.ts) accept and return — a field added to one side only fails here — and the
// fields the sandbox answers with (score_band, accounts' repayment history, defaults) are typed. Compile-time
// (tsc --noEmit in npm test); the one runtime check reads a real sandbox report through the client.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type * as api from '../../src/protocol/api.js';
import {
  createClient,
  type ApiErrorCode,
  type KnownApiErrorCode,
  PaymentRefusedError,
  type PaymentRefusalCode,
} from '../../src/server/index.js';
import type {
  AccountResponse,
  CreateAccountRequest,
  CreditReportResponse,
  DefaultResponse,
  EnquiryResponse,
  HardshipCode,
  HardshipHistoryEntry,
  HardshipInfo,
  LodgeEnquiryRequest,
  RepaymentCode,
  PaymentResponse,
  RegisterDefaultRequest,
  SavePaymentRequest,
  ScoreBand,
  UpdateAccountRequest,
  UpdateDefaultRequest,
} from '../../src/server/types.js';
import type { SandboxErrorCode } from '../../src/sandbox/core/errors.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

/** A and B accept the same values (an interface vs a schema's inferred type alias). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A response schema's type without its loose `[k: string]: unknown` part, deeply enough for these shapes. */
type Strip<T> = T extends string | number | boolean
  ? T
  : T extends readonly (infer U)[]
    ? Strip<U>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : K]: Strip<T[K]> }
      : T;
type Out<S extends z.ZodMiniType> = Strip<z.infer<S>>;

describe('credit-reporting types', () => {
  it('requests are exactly the protocol bodies', () => {
    expectTypeOf<Same<LodgeEnquiryRequest, z.infer<typeof api.lodgeEnquiryBody>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<CreateAccountRequest, z.infer<typeof api.createAccountBody>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<UpdateAccountRequest, z.infer<typeof api.updateAccountBody>>>().toEqualTypeOf<true>();
    // The schema lets `status` be absent only so that FHI without it is refused with its own code; a caller's type
    // requires it.
    type PaymentBody = z.infer<typeof api.savePaymentBody>;
    type RequiredStatus = Omit<PaymentBody, 'status'> & { status: NonNullable<PaymentBody['status']> };
    expectTypeOf<Same<SavePaymentRequest, RequiredStatus>>().toEqualTypeOf<true>();
    expectTypeOf<Same<RegisterDefaultRequest, z.infer<typeof api.registerDefaultBody>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<UpdateDefaultRequest, z.infer<typeof api.updateDefaultBody>>>().toEqualTypeOf<true>();
  });

  it('responses have exactly the fields the schemas check (no {} and no field missing)', () => {
    expectTypeOf<Same<Strip<EnquiryResponse>, Out<typeof api.enquiryResponse>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Strip<CreditReportResponse>, Out<typeof api.creditReportResponse>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Strip<AccountResponse>, Out<typeof api.accountResponse>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Strip<PaymentResponse>, Out<typeof api.paymentResponse>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Strip<DefaultResponse>, Out<typeof api.defaultResponse>>>().toEqualTypeOf<true>();
    expectTypeOf<keyof CreditReportResponse['accounts'][number]>().toEqualTypeOf<
      | 'account_id'
      | 'provider'
      | 'account_type'
      | 'credit_limit'
      | 'opened_on'
      | 'status'
      | 'closed_on'
      | 'repayment_history'
      | 'hardship_history'
    >();
    expectTypeOf<CreditReportResponse['defaults'][number]['days_overdue']>().toBeNumber();
    expectTypeOf<'very_good'>().toMatchTypeOf<CreditReportResponse['score_band']>();
    expectTypeOf<ScoreBand>().toEqualTypeOf<(typeof api.SCORE_BANDS)[number]>();
  });

  it('ApiError.code: every code the sandbox answers on the signed API is a known one; the union is closed', () => {
    type JourneyOnly =
      | 'INVALID_SESSION'
      | 'FORBIDDEN_ORIGIN'
      | 'HOST_NOT_ALLOWED'
      | 'INVALID_FORM_TOKEN'
      | 'PARENT_ORIGIN_NOT_ALLOWED'
      | 'CONSENT_ALREADY_DECIDED'
      | 'RENEWAL_CANCELLED'
      | 'OTP_NOT_REQUESTED'
      | 'UNSUPPORTED_MEDIA_TYPE'
      | 'ASSETS_NOT_BUILT';
    expectTypeOf<Exclude<SandboxErrorCode, KnownApiErrorCode | JourneyOnly>>().toBeNever();
    expectTypeOf<'DATA_NOT_RETRIEVED'>().toMatchTypeOf<ApiErrorCode>();
    expectTypeOf<'HTTP_502'>().toMatchTypeOf<ApiErrorCode>();
    // @ts-expect-error a code this version does not know is no ApiErrorCode (it still arrives at run time)
    expectTypeOf<'SOME_FUTURE_CODE'>().toMatchTypeOf<ApiErrorCode>();
    expectTypeOf<PaymentRefusalCode>().toMatchTypeOf<ApiErrorCode>();
  });

  it('RHI and FHI codes are closed unions: a misspelt one does not compile', () => {
    expectTypeOf<RepaymentCode>().toEqualTypeOf<'0' | '1' | '2' | '3' | '4' | '5' | '6' | 'X'>();
    expectTypeOf<SavePaymentRequest['status']>().toEqualTypeOf<RepaymentCode | 'C'>();
    expectTypeOf<HardshipCode>().toEqualTypeOf<'A' | 'V'>();
    expectTypeOf<HardshipInfo['code']>().toEqualTypeOf<'A' | 'V'>();
    expectTypeOf<HardshipHistoryEntry['code']>().toEqualTypeOf<'A' | 'V'>();
    expectTypeOf<NonNullable<CreditReportResponse['accounts'][number]['hardship_history']>>().toEqualTypeOf<
      HardshipHistoryEntry[]
    >();
    const month = { account_id: 'acct_1', month: '2026-11' };
    // @ts-expect-error the letter O is not the code 0
    const o: SavePaymentRequest = { ...month, status: 'O' };
    // @ts-expect-error `current` is not a code
    const current: SavePaymentRequest = { ...month, status: 'current' };
    // @ts-expect-error no hardship code `T` (temporary is `A`)
    const t: SavePaymentRequest = { ...month, status: '0', hardship: { code: 'T', arrangement_id: 'fha-1' } };
    // @ts-expect-error the hardship needs its arrangement
    const bare: SavePaymentRequest = { ...month, status: '0', hardship: { code: 'A' } };
    const entry = { month: '2026-11', code: 'A' } as HardshipHistoryEntry;
    // @ts-expect-error comparing with a code that cannot occur
    const never = entry.code === 'B';
    const refusal = new PaymentRefusedError('savePayment', { code: 'SECOND_VARIATION', path: 'x', message: 'm' });
    // @ts-expect-error a misspelt refusal code
    const misspelt = refusal.code === 'SECOND_VARIATON';
    expect([o, current, t, bare, never, misspelt].length).toBe(6);
  });
});

describe('a real report has the typed fields', () => {
  let sb: TestSandbox;
  beforeAll(async () => void (sb = await startTestSandbox()));
  afterAll(() => sb.close());

  it('score_band, applicant, accounts with repayment history, defaults', async () => {
    const client = createClient({ baseUrl: sb.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });
    const { enquiry_id, lodged_at } = await client.lodgeEnquiry({
      applicant: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        date_of_birth: '1990-12-10',
        address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
      },
      enquiry_type: 'credit_application',
      product: 'personal_loan',
      amount: '5000.00',
    });
    expect(lodged_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // This month: the report keeps 24 months of repayment history, counted on the sandbox's (here the real) clock.
    const month = new Date().toISOString().slice(0, 7);
    const account = await client.createAccount({
      enquiry_id,
      account_type: 'personal_loan',
      credit_limit: '5000.00',
      opened_on: `${month}-01`,
    });
    expect(account).toMatchObject({ enquiry_id, account_type: 'personal_loan', status: 'open' });
    await client.savePayment({
      account_id: account.account_id,
      month,
      status: '2',
      hardship: { code: 'A', arrangement_id: 'fha-1' },
    });
    const dft = await client.registerDefault({ account_id: account.account_id, amount: '420.00', days_overdue: 75 });
    expect(dft).toMatchObject({ account_id: account.account_id, days_overdue: 75, status: 'outstanding' });
    const report = await client.getReport({ enquiry_id });
    expect(['below_average', 'average', 'good', 'very_good', 'excellent']).toContain(report.score_band);
    expect(report.applicant.date_of_birth).toBe('1990-12-10');
    const mine = report.accounts.find((a) => a.account_id === account.account_id)!;
    expect(mine.repayment_history).toEqual([{ month, status: '2' }]);
    expect(mine.hardship_history).toEqual([{ month, code: 'A' }]);
    expect(report.notices?.map((n) => n.code)).toEqual(['financial_hardship_information']);
    expect(report.defaults).toEqual([expect.objectContaining({ default_id: dft.default_id, days_overdue: 75 })]);
  });
});
