/** The fake banks of the sandbox. Each has its own look on its authorisation page. */
import type { Pathway } from '../../protocol/index.js';

export interface Institution {
  id: string;
  name: string;
  pathways: Pathway[];
  /** Brand colour, `#RRGGBB`. */
  colour: string;
}

export const INSTITUTIONS: readonly Institution[] = [
  { id: 'sandbox-bank', name: 'Sandbox Bank', pathways: ['cdr', 'crawler'], colour: '#0B5FFF' },
  { id: 'cdr-only-bank', name: 'CDR-only Bank', pathways: ['cdr'], colour: '#0F7B5F' },
  { id: 'crawler-credit-union', name: 'Crawler Credit Union', pathways: ['crawler'], colour: '#A63D00' },
];

export function findInstitution(id: string): Institution | undefined {
  return INSTITUTIONS.find((i) => i.id === id);
}

/** Crawler test logins, shown on the credentials form and in docs/sandbox.md. */
export const CRAWLER_LOGINS = {
  connected: { username: 'demo', password: 'demo' },
  otp: { username: 'otp', password: 'otp', code: '123456' },
  failed: { username: 'fail', password: 'fail' },
} as const;
