// Use case 04: one script for both pages. On /apply it starts a journey whose bank step leaves this tab
// (bankAuthorisation: 'redirect'); on the returnUrl page it resumes the saved journey, or says there is none.
import { createJourney, resumeJourney } from '../../../dist/index.js';

const journeyOrigin = document.querySelector('meta[name="journey-origin"]').content;
const events = (window.__events = []);
const callbacks = {
  onReady: (p) => events.push(['ready', p]),
  onBankAuthorisation: (e) => events.push(['bank', e]),
  onComplete: (p) => events.push(['completed', p]),
  onError: (p) => events.push(['error', p]),
};

if (location.pathname === '/apply/bank-return') {
  const journey = resumeJourney(callbacks);
  window.__resumed = journey !== null;
  if (journey) journey.open();
  else document.getElementById('resumed-note').textContent = 'Nothing to resume.';
} else {
  createJourney({
    vendor: 'acme',
    customerId: new URLSearchParams(location.search).get('ref') ?? 'uc04_default',
    journeyOrigin,
    mode: 'inline',
    container: '#journey',
    institutionId: 'cdr-only-bank',
    prefill: { fullName: 'Alex Citizen', email: 'alex@example.com' },
    bankAuthorisation: 'redirect',
    returnUrl: '/apply/bank-return',
    ...callbacks,
  }).open();
}
