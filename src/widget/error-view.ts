/**
 * The inline error view: in place of the iframe, the view the modal shows (the catalogue's words, never `onError`'s
 * message, and "Try again", the modal's classes and styles). Loaded with `import()` only when an
 * inline journey fails, so the inline bundle does not carry it (the script build: `hosted-journey.error-view.js`).
 */
import { retryStyle, statusStyle } from './status-styles.js';
import { EN_AU } from './words/en-AU.js';

/** Hides `iframe` and shows the view before it; returns the view (removing it is the caller's). */
export function showErrorView(iframe: HTMLIFrameElement, retry: () => void): HTMLElement {
  const doc = iframe.ownerDocument;
  const view = Object.assign(doc.createElement('div'), { className: 'hosted-journey-error', lang: 'en-AU' });
  view.setAttribute('role', 'alert');
  Object.assign(view.style, statusStyle, { position: 'static' });
  const button = Object.assign(doc.createElement('button'), {
    type: 'button',
    className: 'hosted-journey-retry',
    textContent: EN_AU.retry,
    onclick: retry,
  });
  Object.assign(button.style, retryStyle);
  view.append(Object.assign(doc.createElement('p'), { textContent: EN_AU.failed }), button);
  iframe.style.display = 'none';
  iframe.before(view);
  return view;
}
