// Page script of the modal-load-failed spec: the built React and Preact bindings and the element (dist/), bundled with
// code splitting so the modal's chunk is a file of its own that the spec's server can refuse. Driven through
// window.__mount(kind, withOnError); every onError a binding is given lands in window.__heard.
import { createElement, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { h, render as preactRender } from 'preact';
import { HostedJourney as ReactJourney } from '../../dist/react.js';
import { HostedJourney as PreactJourney } from '../../dist/preact.js';
import { defineHostedJourneyElement } from '../../dist/element.js';

defineHostedJourneyElement();
window.__heard = [];
window.__domErrors = [];
document.addEventListener('hosted-journey:error', (e) => window.__domErrors.push(e.detail.code));

window.__mount = (kind, props, withOnError) => {
  const all = { ...props, mode: 'modal', ...(withOnError ? { onError: (e) => window.__heard.push(e.code) } : {}) };
  const host = document.getElementById('host');
  if (kind === 'react') {
    const root = createRoot(host);
    flushSync(() => root.render(createElement(StrictMode, null, createElement(ReactJourney, all))));
  } else if (kind === 'preact') {
    preactRender(h(PreactJourney, all), host);
  } else {
    const el = document.createElement('hosted-journey');
    el.setAttribute('mode', 'modal');
    el.setAttribute('vendor', props.vendor);
    el.setAttribute('customer-id', props.customerId);
    el.setAttribute('journey-origin', props.journeyOrigin);
    host.append(el);
  }
};
document.documentElement.dataset.loaded = 'true';
