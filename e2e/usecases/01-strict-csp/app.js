// The integrator's page script, loaded from the page's own origin (script-src 'self'). It uses the built package
// (dist/index.js, bundled by the spec with esbuild), as an integrator's bundler would.
import { createJourney } from '../../../dist/index.js';

const journeyOrigin = document.querySelector('meta[name="journey-origin"]').content;
const mode = new URLSearchParams(location.search).get('mode') === 'modal' ? 'modal' : 'inline';
const list = document.getElementById('events');
const openButton = document.getElementById('open');
window.__journeyEvents = [];

function record(type, payload) {
  window.__journeyEvents.push({ type, payload });
  const item = document.createElement('li');
  item.textContent = `${type} ${JSON.stringify(payload)}`;
  list.append(item);
}

const options = {
  vendor: 'acme',
  customerId: 'cust_csp_01',
  journeyOrigin,
  title: 'Connect your bank account',
  minHeight: 200,
  theme: { primaryColour: '#0B4FD6' },
  onEvent: (event) => record(event.type, event.payload),
  onError: (error) => record('widget_error', error),
  onExit: (payload) => record('exit_callback', payload),
  onInvalidMessage: (info) => record('invalid_message', info),
};

let handle = null;
if (mode === 'inline') {
  openButton.hidden = true;
  handle = createJourney({ ...options, mode: 'inline', container: '#journey' });
  handle.open();
} else {
  openButton.addEventListener('click', () => {
    handle ??= createJourney({ ...options, mode: 'modal' });
    handle.open();
  });
}
window.__journey = () => handle;
