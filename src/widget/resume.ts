/**
 * The redirect half of the bank round trip. Before the page goes to the bank, the widget saves the journey's
 * serialisable options in sessionStorage under `hosted-journey:resume:<channel>`; back on `returnUrl`,
 * `resumeJourney()` takes (reads and deletes) them and re-creates the journey. Never stored: prefill (PII), callbacks,
 * elements. A record is used once, within `RESUME_TTL_MS`, only for its own channel and only on its own return page.
 */
import {
  BANK_AUTHORISATION_STATUSES,
  checkChannel,
  RESUME_QUERY,
  type BankAuthorisationStatus,
} from '../protocol/browser.js';
import { createJourney } from './journey.js';
import type { JourneyCallbacks, JourneyHandle } from './types.js';

import { RESUME_KEY_PREFIX, storage, type SavedJourney } from './save.js';

export { RESUME_KEY_PREFIX };

/**
 * Reads and deletes the record of `channel`. `null` when missing, malformed, expired, or foreign (another channel's
 * record, or saved for another return page than `here`).
 */
export function takeSavedJourney(channel: string, here: URL, now = Date.now()): SavedJourney | null {
  const s = storage();
  let raw: string | null = null;
  try {
    checkChannel(channel);
    raw = s?.getItem(RESUME_KEY_PREFIX + channel) ?? null;
    s?.removeItem(RESUME_KEY_PREFIX + channel);
    const r = JSON.parse(raw ?? 'null') as Partial<SavedJourney> | null;
    if (r?.v !== 1 || r.channel !== channel || typeof r.options !== 'object' || r.options === null) return null;
    if (typeof r.expiresAt !== 'number' || !(now <= r.expiresAt)) return null;
    const back = new URL(String(r.options.returnUrl));
    return back.origin === here.origin && back.pathname === here.pathname ? (r as SavedJourney) : null;
  } catch {
    return null;
  }
}

/**
 * What `resumeJourney` takes: callbacks (never saved) and, for an inline journey saved with an element, its container.
 */
export type ResumeOptions = Partial<JourneyCallbacks> & { container?: string | HTMLElement };

/**
 * On the `returnUrl` page after the bank: if the URL carries `hj_channel` + `hj_bank_status` and this tab saved that
 * journey, removes the two parameters, re-opens the journey with its saved options and hands it the bank's answer.
 * Returns the handle, or `null` (and does nothing) when there is nothing valid to resume.
 *
 * @example
 * const journey = resumeJourney({ onComplete: ({ applicationId }) => save(applicationId) }) ?? createJourney(options);
 */
export function resumeJourney(options: ResumeOptions = {}): JourneyHandle | null {
  if (typeof window === 'undefined') return null;
  const here = new URL(window.location.href);
  const channel = here.searchParams.get(RESUME_QUERY.channel);
  const status = here.searchParams.get(RESUME_QUERY.status) as BankAuthorisationStatus;
  if (!channel || !BANK_AUTHORISATION_STATUSES.includes(status)) return null;
  const saved = takeSavedJourney(channel, here);
  if (!saved) return null;
  here.searchParams.delete(RESUME_QUERY.channel);
  here.searchParams.delete(RESUME_QUERY.status);
  history.replaceState(history.state, '', here.href);
  const handle = createJourney({ ...saved.options, ...options });
  handle.open();
  handle.send('bank_authorisation_result', { status }); // queued until the new frame's handshake
  return handle;
}
