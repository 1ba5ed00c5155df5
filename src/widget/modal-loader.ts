/**
 * How the `<script>` build gets the modal: it appends `<script src="hosted-journey.modal.js">` resolved against its own
 * URL (so it works from any CDN path or self-hosted folder), passing the page's CSP nonce on if the main script had
 * one, and resolves once that script has registered `mountModal`. ES-module builds use `import('./modal.js')` instead;
 * the choice is made at build time (`__HJ_SCRIPT_BUILD__`), so each build carries only its own path.
 */
import type { mountModal } from './modal.js';

export const MODAL_GLOBAL = '__hostedJourneyModal';
export const MODAL_SCRIPT = 'hosted-journey.modal.js';
type ModalModule = { mountModal: typeof mountModal };

let base: { src: string; nonce: string } | null = null;
let pending: Promise<ModalModule> | null = null;

/** Called once by the IIFE entry with its own `<script>` element. */
export function setModalScriptBase(script: HTMLScriptElement | null): void {
  if (script?.src) base = { src: script.src, nonce: script.nonce ?? '' };
}

export function loadModalScript(doc: Document = document): Promise<ModalModule> {
  const ready = (globalThis as Record<string, unknown>)[MODAL_GLOBAL] as ModalModule | undefined;
  if (ready) return Promise.resolve(ready);
  return (pending ??= new Promise<ModalModule>((resolve, reject) => {
    const el = doc.createElement('script');
    el.src = new URL(MODAL_SCRIPT, base?.src ?? doc.baseURI).href;
    if (base?.nonce) el.nonce = base.nonce;
    el.onload = () => {
      const loaded = (globalThis as Record<string, unknown>)[MODAL_GLOBAL] as ModalModule | undefined;
      pending = null; // from now on the registered global answers directly
      if (loaded) resolve(loaded);
      else fail(new Error(`${MODAL_SCRIPT} loaded but did not register the modal`));
    };
    el.onerror = () => fail(new Error(`could not load ${el.src}: serve ${MODAL_SCRIPT} next to the main script`));
    const fail = (e: Error) => {
      pending = null; // a later open() may try again
      el.remove();
      reject(e);
    };
    doc.head.appendChild(el);
  }));
}
