/**
 * Script-tag auto-mount: `<script src=".../hosted-journey.iife.js" data-vendor data-customer-id ...>` mounts a journey
 * with no other code, and on the page the bank returns to (`?hj_channel=`) resumes the saved journey. Errors go to
 * `console.error` and a bubbling `hosted-journey:error` event on the script element
 * (detail `{ code, message, field? }`); nothing is thrown into the page.
 */
import { isJourneyConfigError, RESUME_QUERY } from '../protocol/browser.js';
import { dispatchDomEvent, partMissing } from './events.js';
import { createJourney } from './journey.js';
import { resumeJourney } from './resume.js';
import { attributeName, NOT_TAG, optionsFrom, tagNames } from './surface.js';
import type { JourneyHandle, JourneyOptions } from './types.js';

/**
 * Maps a script element's `data-` attributes to `createJourney` options (the rows of surface.ts without `NOT_TAG`;
 * unvalidated: `createJourney` checks them).
 */
export function optionsFromDataset(data: DOMStringMap): JourneyOptions {
  return optionsFrom((name) => data[name], NOT_TAG) as JourneyOptions;
}

/**
 * A bad option is named as the integrator wrote it, its attribute (`journeyOrigin` → `data-journey-origin`,
 * `theme.primaryColour` → `data-primary-colour`), in the message and in the detail's `attribute`.
 */
function report(script: HTMLElement, error: unknown): void {
  let detail: { code: string; message: string; field?: string; attribute?: string };
  if (isJourneyConfigError(error)) {
    const name = error.field.replace(/^\w+\./, '');
    const attribute = tagNames().includes(name) ? `data-${attributeName(name)}` : undefined;
    const message = attribute ? error.message.split(error.field).join(attribute) : error.message;
    detail = { code: error.code, message, field: error.field, attribute };
  } else detail = { code: 'AUTO_MOUNT_FAILED', message: String((error as { message?: unknown })?.message ?? error) };
  console.error(`hosted-journey: auto-mount failed (${detail.code}): ${detail.message}`);
  dispatchDomEvent(script, 'error', detail);
}

/**
 * Mounts from the script element's data attributes once the DOM is parsed. Returns a promise of the handle
 * (`null` on error or when the script has no `data-vendor`). With `data-trigger` (a selector), a modal opens on
 * click of that element instead of at once.
 */
export function autoMount(script: HTMLElement | null): Promise<JourneyHandle | null> {
  if (!script) return Promise.resolve(null);
  // Misspelt attributes, and one of ours without data-vendor (nothing mounts): a warning naming the nearest name.
  const given = Object.keys(script.dataset);
  const mounts = script.dataset.vendor !== undefined;
  if (!given.every((k) => tagNames().includes(k)) || (!mounts && given.length))
    import('./typos.js').then(
      (t) => t.warnUnknown(given, tagNames(), (k) => `data-${attributeName(k)}`, true, mounts ? undefined : 'vendor'),
      partMissing,
    );
  if (!mounts) return Promise.resolve(null);
  const doc = script.ownerDocument;
  const ready =
    doc.readyState === 'loading'
      ? new Promise<void>((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
      : Promise.resolve();
  return ready.then(() => {
    try {
      // Back from the bank (redirect round trip): continue the saved journey; a stale or foreign one mounts afresh.
      const back = new URL(doc.location.href).searchParams.has(RESUME_QUERY.channel);
      const options = optionsFromDataset(script.dataset);
      // `data-prewarm="intent"`: the trigger is data-prewarm-trigger, else the data-trigger button.
      if (options.prewarm === 'intent') options.prewarmTrigger ??= script.dataset.trigger;
      const handle =
        (back && resumeJourney(script.dataset.container ? { container: script.dataset.container } : {})) ||
        createJourney(options);
      const trigger = script.dataset.trigger ? doc.querySelector(script.dataset.trigger) : null;
      if (script.dataset.trigger && !trigger)
        throw new Error(`No element matches data-trigger '${script.dataset.trigger}'.`);
      if (trigger) trigger.addEventListener('click', () => handle.open());
      if (!trigger) handle.open();
      const all = script.dataset.container ? doc.querySelectorAll(script.dataset.container) : [];
      if (all.length > 1 && !all[0]!.getClientRects().length)
        console.warn(
          `hosted-journey: data-container '${script.dataset.container}' matches ${all.length} elements and the ` +
            'journey mounted in the first, which is hidden; use a selector that matches only the visible one.',
        );
      return handle;
    } catch (error) {
      report(script, error);
      return null;
    }
  });
}
