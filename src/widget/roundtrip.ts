/**
 * The round-trip part of a journey: what the widget does when the journey asks for the bank step. The only code that
 * moves the host page. It goes nowhere but the journey origin's bank-redirect endpoint for the consent (URL built here
 * from `journeyOrigin`; the message carries no URL), and only when the popup was blocked or the strategy is
 * `redirect`. An opened popup never moves the page; any other request is refused (`onError`,
 * `BANK_REDIRECT_REFUSED`). Before the page moves, what `resumeJourney()` needs is saved (save.ts).
 */
import { buildBankRedirectUrl, type JourneyEvent } from '../protocol/browser.js';
import type { EventHub } from './events.js';
import type { ResolvedOptions } from './options.js';
import { saveJourney } from './save.js';
import type { JourneyWidgetErrorCode } from './types.js';

export type BankEvent = Extract<JourneyEvent, { type: 'bank_authorisation' }>;

/**
 * Returns the bank step of one journey: `deliver` hands the journey's request to the integrator, `refuse` raises
 * `BANK_REDIRECT_REFUSED`.
 */
export function createRoundTrip(
  cfg: ResolvedOptions,
  channel: string,
  hub: EventHub,
  deliver: (event: BankEvent) => void,
  refuse: (code: JourneyWidgetErrorCode, message: string) => void,
): (event: BankEvent) => void {
  return (event) => {
    const { consentId, popup } = event.payload;
    if (popup !== 'opened' && popup !== 'blocked' && cfg.bankAuthorisation !== 'redirect') {
      refuse('BANK_REDIRECT_REFUSED', 'Bank redirect refused: popup strategy, popup not blocked.');
      return;
    }
    deliver(event);
    if (popup === 'opened') {
      hub.phase({ phase: 'opened', consentId });
      return;
    }
    const url = buildBankRedirectUrl({
      journeyOrigin: cfg.journeyOrigin,
      vendor: cfg.vendor,
      customerId: cfg.customerId,
      consentId,
    });
    hub.phase({ phase: 'redirecting', url });
    // Saves what `resumeJourney()` needs first, with the session's traceparent: the resumed journey's session is in
    // the same trace. (A lazy chunk cost more bytes than it saved.)
    saveJourney(channel, { ...cfg.saved, traceparent: hub.session!.traceparent });
    window.location.assign(url);
  };
}
