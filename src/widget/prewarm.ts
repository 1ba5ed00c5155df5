/**
 * Prewarm: when a journey's hidden iframe starts loading (`prewarm`) and how it stays out of sight until `open()`.
 * docs/widget.md ("Prewarm") and docs/performance.md explain it. A lazy chunk: only journeys with `prewarm` load it,
 * so the inline bundle without prewarm does not pay for it (src/widget/journey.ts holds the rest: the held events,
 * the reveal on `open()` and the `preconnect` hint).
 *
 * Constraints:
 * 1. A hidden frame takes no layout (fixed, off screen), no pointer, no focus and no key, and is out of the
 *    accessibility tree (`aria-hidden`); `reveal` undoes exactly that, nothing else, so the frame is not reloaded
 *    (moving or re-creating an iframe would reload it). No focus and no key needs `display: none`: with `inert`,
 *    `tabindex=-1`, `visibility: hidden` and off-screen placement alone, a journey that calls `focus()` on its own
 *    input takes the keyboard in Chromium. A `display: none` frame still loads and runs its scripts in every engine
 *    (only rendering stops), so the journey handshakes, renders its first step and says `ready` while hidden; its
 *    size is reported again once shown (e2e/security/hidden-focus.spec.ts proves both in three engines).
 * 2. Every scheduled start can be cancelled (`destroy()` before it fired leaves no listener or timer behind).
 * 3. `'idle'` uses `requestIdleCallback` (timeout `IDLE_TIMEOUT_MS`); where it does not exist (WebKit) the next task
 *    (`setTimeout`) after the creating script.
 */
import type { JourneyPrefill } from '../protocol/browser.js';
import type { Messenger } from './messenger.js';
import type { ModalController } from './modal.js';

export type Prewarm = boolean | 'idle' | 'intent';

/** Longest wait for an idle period before prewarming anyway. */
export const IDLE_TIMEOUT_MS = 2000;
/** The first of these on the trigger element counts as intent. */
export const INTENT_EVENTS = ['pointerenter', 'focusin', 'touchstart'] as const;

const HIDDEN: Record<string, string> = {
  display: 'none',
  position: 'fixed',
  top: '0',
  left: '-10000px',
  visibility: 'hidden',
  pointerEvents: 'none',
};
const ATTRS: Record<string, string> = { 'aria-hidden': 'true', inert: '', tabindex: '-1' };

/** Hides the frame (or the modal's root): no layout, pointer, focus or accessibility-tree presence. */
export function conceal(el: HTMLElement): void {
  for (const k in ATTRS) el.setAttribute(k, ATTRS[k]!);
  Object.assign(el.style, HIDDEN);
}

/** Undoes `conceal`; the managed iframe is `display: block` (iframe.ts). */
export function reveal(el: HTMLElement): void {
  for (const k in ATTRS) el.removeAttribute(k);
  for (const k in HIDDEN) (el.style as unknown as Record<string, string>)[k] = '';
  el.style.display = 'block';
}

/**
 * `open()` of a prewarmed journey: reveals the frame (and the modal) in place and tells the journey it is visible,
 * with the prefill its hidden `welcome` went without (personal data reaches the journey origin only once the customer
 * opened it). Not connected yet: the `welcome` still to come carries both.
 */
export function show(
  iframe: HTMLIFrameElement | null,
  modal: ModalController | null,
  messenger: Messenger,
  prefill: JourneyPrefill | undefined,
): void {
  if (iframe) reveal(iframe);
  modal?.show();
  if (messenger.connected) messenger.send('visibility', { state: 'visible', prefill });
}

/**
 * Runs `start` now (`true`; values were checked by createJourney), when idle (`'idle'`) or on the first intent on
 * `target` (`'intent'`; a selector is looked up now; no trigger, or one matching nothing, prewarms when idle instead,
 * with a console warning — checked here rather than in createJourney so the inline bundle without prewarm pays
 * nothing); returns the canceller.
 */
export function schedule(
  {
    prewarm: when,
    prewarmTrigger: target,
  }: { prewarm?: Prewarm | undefined; prewarmTrigger?: string | EventTarget | undefined },
  start: () => void,
): () => void {
  const trigger = typeof target === 'string' ? document.querySelector(target) : target;
  if (when === 'intent' && !trigger) {
    console.warn(
      `hosted-journey: prewarm 'intent' found no prewarmTrigger element ('${String(target)}'); ` +
        'prewarming when idle instead.',
    );
    when = 'idle';
  }
  if (when === 'intent') {
    const go = () => {
      off();
      start();
    };
    const off = () => {
      for (const t of INTENT_EVENTS) trigger!.removeEventListener(t, go);
    };
    for (const t of INTENT_EVENTS) trigger!.addEventListener(t, go, { passive: true });
    return off;
  }
  if (when === 'idle' && typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  if (when === 'idle') {
    const id = setTimeout(start);
    return () => clearTimeout(id);
  }
  if (when) start();
  return () => {};
}
