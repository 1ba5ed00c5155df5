/** Shapes shared by the journey pages. The bridge is typed by its contract so the pages depend on behaviour only. */
import type { JourneyBridgeCore } from '../../../child/index.js';
import type { ParentMessagePayloads } from '../../../protocol/messages.js';
import type { JourneyPrefill, ParsedJourneyUrl } from '../../../protocol/url.js';
import type { JourneyRenewalBody } from '../../../protocol/journey-api.js';
import type { Institution, JourneyApi, StatusResponse } from './api-client.js';
import type { JourneyKey } from './words/en-AU.js';

/**
 * What the journey pages use of `hosted-journey/child`'s bridges (`connectToParent()`, `connectToApp()`) and of the
 * plain bridge: the core every bridge has, and what only some know (each optional).
 */
export interface JourneyBridge extends JourneyBridgeCore {
  /** In an app's WebView: the bank step is the app's to open (`bank_authorisation` carries its URL). */
  readonly native?: { channel: string; returnUrl: string } | undefined;
  readonly prefill?: JourneyPrefill | undefined;
  /** From the widget's `welcome`: the bank step's strategy and the integrator's return page. */
  readonly bankAuthorisation?: ParentMessagePayloads['welcome']['bankAuthorisation'];
  /** From the widget's `welcome`: the journey session's traceparent (a plain journey reads its URL's instead). */
  readonly traceparent?: string | undefined;
  /** From the widget's `welcome`: the journey session's id (absent: the service names the session by the page). */
  readonly sessionId?: string | undefined;
  /** From the widget's `welcome`: `modal` has the widget's own close control, so the journey shows no Exit. */
  readonly mode?: ParentMessagePayloads['welcome']['mode'];
}

/** `<script type="application/json" id="hj-config">` written by the sandbox into the page shell. */
export interface JourneyConfig {
  vendor: string;
  ref: string;
  apiBase: string;
  institutions?: Institution[];
  /** This page load's session credential: sent as `X-Journey-Session` on every journey-API call. */
  session?: string;
  /** The application's status when the page was served (`null`: none yet); absent → the page asks `/status`. */
  status?: StatusResponse | null;
  /** `'plain'`: run no bridge, only post `RELEASED` to the parent when done; absent or `'bridge'`: the bridge. */
  protocol?: 'bridge' | 'plain';
}

export interface JourneyContext {
  config: JourneyConfig;
  url: ParsedJourneyUrl;
  bridge: JourneyBridge;
  api: JourneyApi;
}

export type Step =
  | { name: 'terms' }
  | { name: 'details'; then?: Institution }
  | { name: 'mygov' }
  | { name: 'banks' }
  | { name: 'bank'; institution: Institution }
  | { name: 'crawler'; institution: Institution }
  | {
      name: 'authorise';
      institution: Institution;
      consentId: string;
      consentUrl: string;
      /** Renew mode: the consent this request renews. */
      renewal?: JourneyRenewalBody;
    }
  /** Renew mode: the consent's bank, accounts and sharing period, pre-selected. */
  | { name: 'renew'; renewal: JourneyRenewalBody }
  /** Renew mode: the bank approved; the same consent with its new date. */
  | { name: 'renewed'; renewal: JourneyRenewalBody }
  | { name: 'retrieving'; institution?: Institution }
  | { name: 'done'; applicationId: string }
  | {
      name: 'failed';
      code: string;
      /** For developers: `onError`'s message. */
      message: string;
      /** What the customer reads. */
      words: JourneyKey;
      recoverable: boolean;
      institution?: Institution;
      /** Renew mode: trying again goes back to this renewal. */
      renewal?: JourneyRenewalBody;
    }
  | { name: 'exited' };

export type StepName = Step['name'];

/** The `step` value sent in `ready`/`step` events, per page. */
export const STEP_EVENT_NAMES: Record<StepName, string> = {
  terms: 'terms',
  details: 'details',
  mygov: 'mygov',
  banks: 'banks',
  bank: 'bank',
  crawler: 'crawler_login',
  authorise: 'bank_authorisation',
  renew: 'renew',
  renewed: 'done',
  retrieving: 'retrieving',
  done: 'done',
  failed: 'error',
  exited: 'exited',
};
