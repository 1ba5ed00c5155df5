// Page script of the framework-bindings spec: the built React and Preact bindings (dist/react.js, dist/preact.js)
// with the real widget, driven from the spec through window.__bindings.
import { createElement, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { h, render as preactRender } from 'preact';
import { HostedJourney as ReactJourney } from '../../dist/react.js';
import { HostedJourney as PreactJourney } from '../../dist/preact.js';

const reactHost = document.getElementById('react');
const preactHost = document.getElementById('preact');
let root = null;
window.__events = [];
const withLog = (props) => ({ ...props, onEvent: (e) => window.__events.push(e.type) });

window.__bindings = {
  react(props, strict = true) {
    root ??= createRoot(reactHost);
    const element = createElement(ReactJourney, withLog(props));
    flushSync(() => root.render(strict ? createElement(StrictMode, null, element) : element));
  },
  reactUnmount() {
    root?.unmount();
    root = null;
  },
  preact(props) {
    preactRender(h(PreactJourney, withLog(props)), preactHost);
  },
  preactUnmount() {
    preactRender(null, preactHost);
  },
};
document.documentElement.dataset.loaded = 'true';
