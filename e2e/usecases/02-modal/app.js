// Use case 02: one modal journey opened from a button (built package, dist/index.js).
import { createJourney } from '../../../dist/index.js';

const journeyOrigin = document.querySelector('meta[name="journey-origin"]').content;
const list = document.getElementById('events');
window.__journeyEvents = [];

function record(type, payload) {
  window.__journeyEvents.push({ type, payload });
  const item = document.createElement('li');
  item.textContent = `${type} ${JSON.stringify(payload)}`;
  list.append(item);
}

const journey = createJourney({
  vendor: 'acme',
  customerId: 'cust_modal_02',
  journeyOrigin,
  mode: 'modal',
  title: 'Connect your bank account',
  onEvent: (event) => record(event.type, event.payload),
  onError: (error) => record('widget_error', error),
  onExit: (payload) => record('exit_callback', payload),
  onInvalidMessage: (info) => record('invalid_message', info),
});
document.getElementById('open').addEventListener('click', () => journey.open());
