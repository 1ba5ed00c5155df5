import type { LodgeEnquiryRequest } from '../../src/server/types.js';

/** One applicant's credit enquiry, as docs/credit-reporting.md's quick start lodges it. */
export const ENQUIRY = {
  applicant: {
    first_name: 'Alex',
    last_name: 'Citizen',
    date_of_birth: '1990-04-12',
    address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  },
  enquiry_type: 'credit_application',
  product: 'personal_loan',
  amount: '5000.00',
} as const satisfies LodgeEnquiryRequest;

/** An applicant as an enquiry names one. */
export interface Applicant {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  address: { line1: string; suburb: string; state: string; postcode: string };
}

/** An applicant of that name, born and living where the quick start's Alex Citizen is. */
export const applicant = (first_name: string, last_name: string): Applicant => ({
  ...ENQUIRY.applicant,
  first_name,
  last_name,
});

type Post = (path: string, body: unknown) => Promise<{ status: number; json: any }>;

/**
 * Lodges a credit application of `applicant` for `product` and `amount` and opens its account (that product, that
 * limit, on `opened_on`), each with `post` (the test's signed call): both ids. Fails unless the account is created.
 */
export async function openCreditAccount(
  post: Post,
  applicant: Applicant,
  account: { product: string; amount: string; opened_on: string },
): Promise<{ enquiry_id: string; account_id: string }> {
  const { product, amount, opened_on } = account;
  const enq = await post('/enquiry/lodge', { applicant, enquiry_type: 'credit_application', product, amount });
  const enquiry_id = enq.json.enquiry_id as string;
  const body = { enquiry_id, account_type: product, credit_limit: amount, opened_on };
  const acc = await post('/account/create', body);
  if (acc.status !== 201) throw new Error(`account/create answered ${acc.status}: ${JSON.stringify(acc.json)}`);
  return { enquiry_id, account_id: acc.json.account_id as string };
}
