/**
 * Resolves `createJourney` options once into the configuration every part of the journey reads (callbacks included):
 * nothing reads the integrator's options object after this. Everything here runs before any DOM is written; a bad
 * option throws a `JourneyConfigError` whose `code` and `field` name it.
 */
import {
  buildWebJourneyUrl,
  canonicalLocale,
  checkOneOf,
  checkPrefill,
  failConfig as bad,
  type JourneyPrefill,
} from '../protocol/browser.js';
import { partMissing } from './events.js';
import { inAppBrowser } from './in-app.js';
import { savedOptions } from './save.js';
import { CALLBACKS, GROUPS, OPTIONS } from './surface.js';
import type { JourneyCallbacks, JourneyMode, JourneyOptions } from './types.js';
import { TITLE } from './words/title.js';

export const DEFAULTS = {
  title: TITLE,
  minHeight: 400,
  maxHeight: 3000,
  readyTimeoutMs: 15_000,
} as const;

export interface ResolvedOptions {
  vendor: string;
  customerId: string;
  mode: JourneyMode;
  /** Inline mode's container. */
  container: HTMLElement | null;
  title: string;
  minHeight: number;
  maxHeight: number;
  readyTimeoutMs: number;
  journeyOrigin: string;
  url: string;
  /**
   * What a prewarmed (hidden) frame loads before `open()`: `url` without the prefill `prefillIn: 'query'` puts in it
   * (the journey origin learns the customer's details only once they open it).
   */
  warmUrl: string;
  /** Prefill for the handshake (`undefined` when it travels in the URL or there is none). */
  handshakePrefill: JourneyPrefill | undefined;
  /** The strategy in use: `'auto'` decided here, before the journey could try `window.open`. */
  bankAuthorisation: 'popup' | 'redirect';
  /** Absolute, same origin as the page, no fragment. */
  returnUrl: string;
  /** The integrator's callbacks, each checked to be a function. */
  callbacks: JourneyCallbacks;
  eventTarget: EventTarget | undefined;
  prewarm: JourneyOptions['prewarm'];
  prewarmTrigger: JourneyOptions['prewarmTrigger'];
  /** `journeyProtocol: 'plain'`: a journey that runs no bridge. */
  plain: boolean;
  /**
   * The customer's language as carried to the journey: `locale`, else the host page's `<html lang>`, canonical; absent
   * when neither is a BCP 47 tag (the journey and the widget's parts then negotiate from the browser's languages).
   */
  locale: string | undefined;
  /** The `traceparent` option, read at each `open()` (session.ts). */
  traceparent: JourneyOptions['traceparent'];
  /** What the bank redirect saves for `resumeJourney()` (the options not marked `NOT_SAVED`, resolved). */
  saved: JourneyOptions;
}

/** `returnUrl` (default: the page's URL) resolved against the page and checked same-origin; fragment dropped. */
function resolveReturnUrl(value: unknown, parentOrigin: string): string {
  let url: URL | undefined;
  try {
    if (value === undefined || typeof value === 'string')
      url = new URL(value ?? window.location.href, window.location.href);
  } catch {
    /* reported below */
  }
  if (!url || url.origin !== parentOrigin) {
    bad(
      'INVALID_OPTION',
      'returnUrl',
      `returnUrl must be a page of this site (${parentOrigin}); got '${String(value)}'.`,
    );
  }
  url.hash = '';
  return url.href;
}

function isElement(value: unknown): value is HTMLElement {
  return typeof value === 'object' && value !== null && (value as { nodeType?: unknown }).nodeType === 1;
}

function px(value: unknown, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    bad('INVALID_OPTION', field, `${field} must be a non-negative number of pixels.`);
  return value;
}

function resolveContainer(container: unknown): HTMLElement {
  if (isElement(container)) return container;
  if (typeof container === 'string' && container.trim()) {
    let found: Element | null = null;
    try {
      found = document.querySelector(container);
    } catch {
      /* not a selector: matches nothing */
    }
    if (!isElement(found))
      bad('INVALID_CONTAINER', 'container', `No element matches container '${container}'. Is the page loaded?`);
    return found;
  }
  return bad('INVALID_CONTAINER', 'container', 'container must be a CSS selector or an element.');
}

/**
 * A misspelt option would be ignored silently (`contianer` turns an inline journey into a modal): say so. The keys are
 * read now; the warning with its nearest known name is a lazy part (typos.ts), loaded only when a key is unknown.
 */
function warnTypos(options: JourneyOptions, badLocale: boolean): void {
  const o = options as unknown as Record<string, unknown>;
  const known = [...Object.keys(OPTIONS), ...CALLBACKS];
  // prefill refuses an unknown key itself (buildJourneyUrl); theme's are only read.
  const theme = Object.keys(GROUPS.theme);
  if (
    !badLocale &&
    Object.keys(o).every((k) => known.includes(k)) &&
    Object.keys(o.theme ?? {}).every((k) => theme.includes(k))
  )
    return;
  import('./typos.js').then((t) => t.warnOptions(o, known, theme, badLocale), partMissing);
}

/** Validates options and builds the URL for `parentOrigin` + `channel`. */
export function resolveOptions(options: JourneyOptions, parentOrigin: string, channel: string): ResolvedOptions {
  if (typeof options !== 'object' || options === null) bad('INVALID_OPTION', 'options', 'options must be an object.');
  // A `locale` that is not a BCP 47 tag is warned about and left out: the journey negotiates as if it were absent.
  const asked = canonicalLocale(options.locale);
  warnTypos(options, options.locale !== undefined && !asked);
  const locale = asked ?? canonicalLocale(document.documentElement.lang);
  // The page's own origin is the one the journey answers. A page with none a journey can answer (a file opened from
  // disk: 'file://' in Chromium, 'null' in Gecko; a sandboxed frame) is told what to do instead of being blamed for a
  // `parentOrigin` it never set. This sentence is the only one: the script tag, the element and the bindings pass
  // the error on as it is. A page's origin is http(s) or one of those, so the scheme's first letters tell them apart.
  if (!/^http/.test(parentOrigin))
    bad(
      'INVALID_PARENT_ORIGIN',
      'parentOrigin',
      `this ${location.protocol} page has no origin for the journey to answer: serve it over http://localhost`,
    );
  const url = buildWebJourneyUrl({ ...options, locale, parentOrigin, channel });
  const journeyOrigin = new URL(url).origin;

  const mode = checkOneOf(
    options.mode ?? (options.container !== undefined ? 'inline' : 'modal'),
    'mode',
    ['inline', 'modal'],
    'INVALID_MODE',
  );
  if ((mode === 'inline') !== (options.container !== undefined))
    bad('INVALID_CONTAINER', 'container', "mode 'inline' needs a container, 'modal' none.");

  const title = options.title ?? DEFAULTS.title;
  if (typeof title !== 'string' || !title.trim()) bad('INVALID_OPTION', 'title', 'title must be a non-empty string.');
  const minHeight = px(options.minHeight, 'minHeight', DEFAULTS.minHeight);
  const maxHeight = px(options.maxHeight, 'maxHeight', Math.max(DEFAULTS.maxHeight, minHeight));
  if (maxHeight < minHeight)
    bad('INVALID_OPTION', 'maxHeight', `maxHeight (${maxHeight}) must not be below minHeight (${minHeight}).`);
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULTS.readyTimeoutMs;
  if (typeof readyTimeoutMs !== 'number' || !Number.isFinite(readyTimeoutMs) || readyTimeoutMs <= 0) {
    bad('INVALID_OPTION', 'readyTimeoutMs', 'readyTimeoutMs must be a positive number of milliseconds.');
  }
  const callbacks: Record<string, unknown> = {};
  for (const name of CALLBACKS) {
    if (options[name] !== undefined && typeof options[name] !== 'function')
      bad('INVALID_OPTION', name, `${name} must be a function.`);
    callbacks[name] = options[name];
  }

  const strategy = checkOneOf(options.bankAuthorisation ?? 'auto', 'bankAuthorisation', ['auto', 'popup', 'redirect']);
  // 'auto': redirect in in-app browsers and WebViews (a popup there strands the customer at the bank), else popup.
  const bank = strategy !== 'auto' ? strategy : inAppBrowser(navigator.userAgent) ? 'redirect' : 'popup';
  const returnUrl = resolveReturnUrl(options.returnUrl, parentOrigin);
  const pw = checkOneOf(options.prewarm ?? false, 'prewarm', [false, true, 'idle', 'intent']);
  const protocol = checkOneOf(options.journeyProtocol ?? 'bridge', 'journeyProtocol', ['bridge', 'plain']);

  const inQuery = options.prefillIn === 'query';
  const prefill = inQuery ? undefined : checkPrefill(options.prefill);
  return {
    vendor: options.vendor,
    customerId: options.customerId,
    mode,
    container: mode === 'inline' ? resolveContainer(options.container) : null,
    title,
    minHeight,
    maxHeight,
    readyTimeoutMs,
    journeyOrigin,
    url,
    warmUrl: inQuery ? buildWebJourneyUrl({ ...options, locale, prefill: undefined, parentOrigin, channel }) : url,
    handshakePrefill: prefill,
    bankAuthorisation: bank,
    returnUrl,
    callbacks,
    eventTarget: options.eventTarget,
    prewarm: pw,
    prewarmTrigger: options.prewarmTrigger,
    plain: protocol === 'plain',
    locale,
    traceparent: options.traceparent,
    saved: savedOptions({ ...options, mode, bankAuthorisation: bank, returnUrl }),
  };
}
