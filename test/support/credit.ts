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
