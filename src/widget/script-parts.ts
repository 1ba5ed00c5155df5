/**
 * How the `<script>` build loads what only some journeys need: the modal (Preact), prewarm, the plain protocol, the
 * typo warning, the inline error view, the words for a journey that never answered and the widget's catalogues
 * other than en-AU — the same parts ES builds split into lazy chunks. Each is a sibling file,
 * `hosted-journey.<part>.js`, appended as a `<script>` resolved against the main script's own URL (so it works from
 * any CDN path or self-hosted folder) with the main script's CSP nonce, once; it registers its module in one global
 * slot (`PARTS_GLOBAL`).
 * scripts/build.mjs turns each `import('./<part>.js')` of the script build into `loadScriptPart('<part>')`, so ES
 * builds never carry this file.
 */
import type { LazyLocale } from '../protocol/locale.js';

export const PARTS_GLOBAL = '__hostedJourneyParts';
/** The widget's own parts; beside them, its catalogues other than en-AU (words/load.ts: one per `LAZY_LOCALES`). */
export const OWN_PARTS = ['modal', 'prewarm', 'plain', 'typos', 'error-view', 'no-journey'] as const;
export type ScriptPart = (typeof OWN_PARTS)[number] | LazyLocale;

// `base` and the loads under way are in the global slot too: a part that loads a part (a catalogue, from the modal or
// the error view) carries its own copy of this module, and must resolve against the main script's URL, not the page's,
// and share a load another copy began (the modal and the error-view part both ask for the locale's catalogue).
type Slot = Partial<Record<ScriptPart, unknown>> & {
  base?: { src: string; nonce: string };
  pending?: Map<ScriptPart, Promise<unknown>>;
};
const slot = (): Slot => ((globalThis as Record<string, unknown>)[PARTS_GLOBAL] ??= {}) as Slot;

/** The file a part is served as, next to `hosted-journey.iife.js`. */
export const partFile = (part: ScriptPart): string => `hosted-journey.${part}.js`;

/** Called by each part's file with its module. */
export function registerPart(part: ScriptPart, module: unknown): void {
  slot()[part] = module;
}

/**
 * The `<script>` element whose code is running, or `null`. Read through `Document.prototype`'s getter: markup can
 * shadow `document.currentScript` (`<img name="currentScript" src="//elsewhere/x.png" data-vendor>`, from a comment
 * field or a CMS block), and the element found decides where the parts load from and which data attributes mount.
 * Anything but an HTML `<script>` is refused.
 */
export function ownScript(doc: Document): HTMLScriptElement | null {
  const el = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript')?.get?.call(doc);
  return el instanceof HTMLScriptElement ? el : null;
}

/** Called once by the IIFE entry with its own `<script>` element. */
export function setScriptBase(script: HTMLScriptElement | null): void {
  if (script?.src) slot().base = { src: script.src, nonce: script.nonce ?? '' };
}

/** Resolves to the part's module; rejects (and a later call tries again) when its file fails or registers nothing. */
export function loadScriptPart<T>(part: ScriptPart, doc: Document = document): Promise<T> {
  if (slot()[part]) return Promise.resolve(slot()[part] as T);
  const pending = (slot().pending ??= new Map());
  let loading = pending.get(part);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const file = partFile(part);
      const base = slot().base;
      const el = doc.createElement('script');
      el.src = new URL(file, base?.src ?? doc.baseURI).href;
      if (base?.nonce) el.nonce = base.nonce;
      const fail = (message: string) => {
        pending.delete(part); // a later call may try again
        el.remove();
        reject(new Error(message));
      };
      el.onload = () => {
        pending.delete(part); // from now on the registered module answers directly
        if (slot()[part]) resolve(slot()[part]);
        else fail(`${file} loaded but did not register the ${part} part`);
      };
      el.onerror = () => fail(`could not load ${el.src}: serve ${file} next to the main script`);
      doc.head.appendChild(el);
    });
    pending.set(part, loading);
  }
  return loading as Promise<T>;
}
