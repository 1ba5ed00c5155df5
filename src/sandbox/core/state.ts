/** The sandbox's in-memory state: applications, consents, credit files, idempotent responses. */
import { randomBytes } from 'node:crypto';
import type { TraceContext } from '../../protocol/trace-context.js';
import type { Locale } from '../../protocol/locale.js';
import type {
  HardshipCode,
  KnownApplicationStatus,
  KnownConsentStatus,
  KnownRevokedBy,
  LodgeEnquiryBody,
  Pathway,
  RepaymentCode,
} from '../../protocol/index.js';
import type { BankData } from '../data/generate.js';

export interface Application {
  id: string;
  vendor: string;
  ref: string;
  /** Token id of the account the application belongs to: its webhook events go only to that token's receivers. */
  owner: string;
  status: KnownApplicationStatus;
  full_name?: string;
  email?: string;
  phone?: string;
  institution: { id: string; name: string; pathway: Pathway } | null;
  days_to_retrieve?: number;
  analysis: boolean;
  /** The journey's `collect` included `account_owner`: `account.account_owner` follows the accounts. */
  account_owner: boolean;
  created_at: string;
  /** The crawler pathway's seed and what it waits for; null on the cdr pathway or before one is chosen. */
  crawler: CrawlerSeed | null;
  data: BankData | null;
  /** The CDR consent the application's data comes from, once the customer authorised one. */
  consent_id?: string;
  /**
   * W3C trace context of the last request about it that carried a valid traceparent, else one made at its first
   * event: its webhook deliveries send traceparent in this trace (core/trace.ts).
   */
  trace?: TraceContext;
}

/**
 * What an event is about: an application, or (a journey session that never started one) its vendor, ref, the token it
 * belongs to and its trace.
 */
export type EventSubject = Pick<Application, 'vendor' | 'ref' | 'owner' | 'trace'> & { id?: string | undefined };

export interface CrawlerSeed {
  seed_id: string;
  /** `credentials`: waits for the login; `code`: for a one-time code (AUTH); `released` or `timedout`: done. */
  waiting: 'credentials' | 'code' | 'released' | 'timedout';
}

export interface Consent {
  id: string;
  application_id: string;
  institution_id: string;
  return_url: string;
  state?: string;
  /** Changed only by core/consents.ts. */
  status: KnownConsentStatus;
  /** Hidden field of the bank's forms (decision, stop sharing): a post without it is refused (CSRF). */
  form_token: string;
  created_at: string;
  /** When the consent link stops working. */
  expires_at: string;
  sharing_days: number;
  /** Null until authorised. */
  sharing_expires_at: string | null;
  revoked_by?: KnownRevokedBy;
  account_ids: string[];
  /** Leads (days) already warned of, or passed before authorisation, for the current `sharing_expires_at`. */
  warned: number[];
  /** The language the customer's journey negotiated when it asked for the consent (or its latest renewal). */
  locale?: Locale;
  /**
   * A consent asked for by a journey in an app's WebView [ours]: the app's return link with the journey's
   * `hj_channel`. The bank's decision answers with a redirect straight to it (the bank's app hands the customer back
   * to the lender's app), adding `hj_bank_status`, instead of going through the journey's bank-return page.
   */
  app_return?: string;
  /** A renewal request: the consent it renews (it is never listed itself). */
  renews?: string;
  /** The pending renewal of this consent. */
  renewal?: string;
  /** A renewal dropped before the bank answered: the renewed consent was revoked or expired, or renewed again. */
  cancelled?: 'revoked' | 'expired' | 'replaced';
}

export interface Enquiry extends LodgeEnquiryBody {
  id: string;
  lodged_at: string;
  /** Token id that lodged it: only that token reads its report or opens an account on it. */
  owner: string;
  /** The vendor label of the token that lodged it (`SandboxToken.vendor`), when the token has one. */
  vendor?: string;
}

export interface CreditAccount {
  id: string;
  /** Token id that created it (the owner of its enquiry): only that token reports on it or lists its defaults. */
  owner: string;
  enquiry_id: string;
  account_type: string;
  credit_limit: string;
  opened_on: string;
  status: 'open' | 'closed';
  closed_on?: string;
  /** month (YYYY-MM) → its repayment code (RHI) and hardship code (FHI); kept as long as RETENTION_MONTHS says. */
  payments: Map<string, { status: RepaymentCode; hardship?: HardshipCode }>;
  /** Arrangement id → the month of its `V` (the lender's side of the rule "one V per arrangement"). */
  variations: Map<string, string>;
}

export interface CreditDefault {
  id: string;
  /** Token id that registered it (the owner of its account): only that token updates it. */
  owner: string;
  account_id: string;
  amount: string;
  days_overdue: number;
  listed_on: string;
  status: 'outstanding' | 'paid' | 'closed';
}

export interface StoredResponse {
  bodyHash: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Random id with a readable prefix, e.g. `app_3f9c…`. Unguessable, since consent ids travel in URLs. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export class SandboxState {
  readonly applications = new Map<string, Application>();
  /** `${owner} ${vendor}/${ref}` → application id: each token sees only its own applications. */
  readonly byOwnerRef = new Map<string, string>();
  /** `${vendor}/${ref}` → the first application created for it: the one the journey pages (no token) act on. */
  readonly byRef = new Map<string, string>();
  readonly consents = new Map<string, Consent>();
  readonly enquiries = new Map<string, Enquiry>();
  readonly accounts = new Map<string, CreditAccount>();
  readonly defaults = new Map<string, CreditDefault>();
  /** `${tokenId} ${method} ${path} ${key}` → stored response */
  readonly idempotency = new Map<string, StoredResponse>();

  /**
   * The application at vendor/ref: the one `owner` created when a token asks (the signed API), else the one the
   * journey pages act on. Another token's application is not found, exactly as one that does not exist.
   */
  findByRef(vendor: string, ref: string, owner?: string): Application | undefined {
    const id =
      owner === undefined ? this.byRef.get(`${vendor}/${ref}`) : this.byOwnerRef.get(`${owner} ${vendor}/${ref}`);
    return id === undefined ? undefined : this.applications.get(id);
  }

  /** The application with this id, when `owner` created it (another token's is not found). */
  findById(id: string, owner: string): Application | undefined {
    const app = this.applications.get(id);
    return app?.owner === owner ? app : undefined;
  }

  addApplication(app: Application): void {
    this.applications.set(app.id, app);
    this.byOwnerRef.set(`${app.owner} ${app.vendor}/${app.ref}`, app.id);
    if (!this.byRef.has(`${app.vendor}/${app.ref}`)) this.byRef.set(`${app.vendor}/${app.ref}`, app.id);
  }
}
