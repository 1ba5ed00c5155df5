/**
 * The frame's words: the inline error view — in place of the iframe, the view the modal shows (the catalogue's words
 * in the journey's locale, never `onError`'s message, and "Try again", the modal's classes and styles) — and the
 * frame's name in the journey's locale. Loaded with `import()` only when an inline journey fails, or when a frame with
 * the default title may be in a locale other than en-AU (frame.ts), so the inline bundle does not carry it (the script
 * build: `hosted-journey.error-view.js`).
 */
import { retryStyle, statusStyle } from './status-styles.js';
import { DEFAULT_LOCALE, LOCALES, matchLocale } from '../protocol/locale.js';
import { carriedLocale, frameWords } from './words/load.js';

/**
 * For a frame with the default title that may be in another language than en-AU: names `iframe` with its locale's
 * `title` once that catalogue is loaded (en-AU's when it cannot load), and warns the developer once when the locale it
 * carries (the `locale` option, else the page's `<html lang>`) is one no shipped locale matches.
 */
export function retitle(iframe: HTMLIFrameElement): Promise<void> {
  warnUnshipped(carriedLocale(iframe.src));
  return frameWords(iframe).then(({ words }) => {
    iframe.title = words.title;
  });
}

/**
 * A carried locale that no shipped locale matches (`fr`, `de-CH`): the journey negotiates on past it, to the browser's
 * languages, then en-AU, with no error; so the developer is told, once, which locales ship.
 */
function warnUnshipped(carried: string | null): void {
  if (carried && !matchLocale(carried))
    console.warn(
      `hosted-journey: locale '${carried}' is not shipped, so the journey negotiates on (the browser's languages, ` +
        `then ${DEFAULT_LOCALE}). Shipped: ${LOCALES.join(', ')}.`,
    );
}

/** Hides `iframe` and shows the view before it; returns the view (removing it is the caller's). */
export function showErrorView(iframe: HTMLIFrameElement, retry: () => void): HTMLElement {
  const doc = iframe.ownerDocument;
  const view = Object.assign(doc.createElement('div'), { className: 'hosted-journey-error' });
  view.setAttribute('role', 'alert');
  Object.assign(view.style, statusStyle, { position: 'static' });
  const text = doc.createElement('p');
  const button = Object.assign(doc.createElement('button'), {
    type: 'button',
    className: 'hosted-journey-retry',
    onclick: retry,
  });
  Object.assign(button.style, retryStyle);
  view.append(text, button);
  // The journey URL carries the locale the journey negotiates from; the view's words follow the same negotiation.
  frameWords(iframe).then(({ lang, dir, words }) => {
    Object.assign(view, { lang, dir });
    text.textContent = words.failed;
    button.textContent = words.retry;
  });
  iframe.style.display = 'none';
  iframe.before(view);
  return view;
}
