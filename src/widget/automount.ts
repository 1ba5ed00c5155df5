/**
 * Script-tag auto-mount: `<script src=".../hosted-journey.iife.js" data-vendor data-customer-id ...>` mounts a journey
 * with no other code, and on the page the bank returns to (`?hj_channel=`) resumes the saved journey. Errors go to `console.error` and a bubbling `hosted-journey:error` event on the script element
 * (detail `{ code, message, field? }`); nothing is thrown into the page.
 */
import { isJourneyConfigError, RESUME_QUERY, type CollectOption, type JourneyTheme, type StartAt } from '../protocol/browser.js';
import { dispatchDomEvent } from './events.js';
import { createJourney } from './journey.js';
import { resumeJourney } from './resume.js';
import type { JourneyHandle, JourneyMode, JourneyOptions } from './types.js';

const num = (v: string | undefined): number | undefined => (v === undefined || v === '' ? undefined : Number(v));

/** Maps a script element's `data-` attributes to `createJourney` options (unvalidated: `createJourney` checks them). */
export function optionsFromDataset(data: DOMStringMap): JourneyOptions {
  const theme: JourneyTheme = {};
  if (data.primaryColour) theme.primaryColour = data.primaryColour;
  if (data.secondaryColour) theme.secondaryColour = data.secondaryColour;
  if (data.backgroundColour) theme.backgroundColour = data.backgroundColour;
  if (data.font) theme.font = data.font;
  const options: JourneyOptions = {
    vendor: data.vendor ?? '',
    customerId: data.customerId ?? '',
    journeyOrigin: data.journeyOrigin ?? '',
  };
  if (Object.keys(theme).length) options.theme = theme;
  if (data.container) options.container = data.container;
  if (data.mode) options.mode = data.mode as JourneyMode;
  if (data.startAt) options.startAt = data.startAt as StartAt;
  if (data.institutionId) options.institutionId = data.institutionId;
  if (data.collect) options.collect = data.collect.split(',').map((s) => s.trim()).filter(Boolean) as CollectOption[];
  if (data.multipleInstitutions !== undefined) options.multipleInstitutions = data.multipleInstitutions !== 'false';
  if (data.title) options.title = data.title;
  const minHeight = num(data.minHeight);
  const maxHeight = num(data.maxHeight);
  const readyTimeoutMs = num(data.readyTimeoutMs);
  if (minHeight !== undefined) options.minHeight = minHeight;
  if (maxHeight !== undefined) options.maxHeight = maxHeight;
  if (readyTimeoutMs !== undefined) options.readyTimeoutMs = readyTimeoutMs;
  if (data.fullName || data.email || data.phone) {
    options.prefill = {};
    if (data.fullName) options.prefill.fullName = data.fullName;
    if (data.email) options.prefill.email = data.email;
    if (data.phone) options.prefill.phone = data.phone;
  }
  if (data.prefillIn) options.prefillIn = data.prefillIn as 'handshake' | 'query';
  if (data.bankAuthorisation) options.bankAuthorisation = data.bankAuthorisation as 'popup' | 'redirect';
  if (data.returnUrl) options.returnUrl = data.returnUrl;
  return options;
}

function report(script: HTMLElement, error: unknown): void {
  const detail = isJourneyConfigError(error)
    ? { code: error.code, message: error.message, field: error.field }
    : { code: 'AUTO_MOUNT_FAILED', message: String((error as { message?: unknown })?.message ?? error) };
  console.error(`hosted-journey: auto-mount failed (${detail.code}): ${detail.message}`);
  dispatchDomEvent(script, 'error', detail);
}

/**
 * Mounts from the script element's data attributes once the DOM is parsed. Returns a promise of the handle
 * (`null` on error or when the script has no `data-vendor`). With `data-trigger` (a selector), a modal opens on
 * click of that element instead of at once.
 */
export function autoMount(script: HTMLElement | null): Promise<JourneyHandle | null> {
  if (!script || script.dataset.vendor === undefined) return Promise.resolve(null);
  const doc = script.ownerDocument;
  const ready = doc.readyState === 'loading'
    ? new Promise<void>((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
    : Promise.resolve();
  return ready.then(() => {
    try {
      // Back from the bank (redirect round trip): continue the saved journey; a stale or foreign one mounts afresh.
      const back = new URL(doc.location.href).searchParams.has(RESUME_QUERY.channel);
      const handle = (back && resumeJourney(script.dataset.container ? { container: script.dataset.container } : {}))
        || createJourney(optionsFromDataset(script.dataset));
      const trigger = script.dataset.trigger ? doc.querySelector(script.dataset.trigger) : null;
      if (script.dataset.trigger && !trigger) throw new Error(`No element matches data-trigger '${script.dataset.trigger}'.`);
      if (trigger) trigger.addEventListener('click', () => handle.open());
      if (!trigger) handle.open();
      return handle;
    } catch (error) {
      report(script, error);
      return null;
    }
  });
}
