/**
 * An application's statuses, in the order a journey reaches them; `denied` when the customer denied the bank's
 * consent [ours]. Closed for the compiler and open at run time, as the consent statuses are (consents.ts): a status the
 * service adds later still parses and reaches the caller unchanged.
 */
import type { UnknownValue } from './consents.js';

export const APPLICATION_STATUSES = [
  'started',
  'institution_selected',
  'consent_pending',
  'consented',
  'crawling',
  'released',
  'crawled',
  'finalised',
  'report_ready',
  'denied',
] as const;
export type KnownApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type ApplicationStatus = KnownApplicationStatus | UnknownValue;
