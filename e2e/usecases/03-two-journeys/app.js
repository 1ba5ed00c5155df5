// Use case 03: two inline journeys of the same origin on one page (joint applicants). Each widget must hear only its
// own iframe: events, sizes and completion never cross over.
import { createJourney } from '../../../dist/index.js';

const journeyOrigin = document.querySelector('meta[name="journey-origin"]').content;
window.__journeyEvents = { a: [], b: [] };

for (const [key, customerId] of [
  ['a', 'cust_joint_a'],
  ['b', 'cust_joint_b'],
]) {
  const record = (type, payload) => window.__journeyEvents[key].push({ type, payload });
  createJourney({
    vendor: 'acme',
    customerId,
    journeyOrigin,
    mode: 'inline',
    container: `#journey-${key}`,
    title: `Connect your bank account (applicant ${key.toUpperCase()})`,
    minHeight: 200,
    onEvent: (event) => record(event.type, event.payload),
    onError: (error) => record('widget_error', error),
    onInvalidMessage: (info) => record('invalid_message', info),
  }).open();
}
