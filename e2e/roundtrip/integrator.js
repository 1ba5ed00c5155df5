// The integrator's page for the round-trip specs: resumes a journey coming back from the bank, else mounts a new one.
// Query: ref (customer id), strategy ('popup' | 'redirect'), prewarm (present: `prewarm: true`, and no open() — the
// spec calls window.__journey.open()), mode ('modal': no container), renew (a consent id: the journey in renew mode).
// Events are recorded in window.__events for the spec.
const events = (window.__events = []);
const callbacks = {
  onReady: (p) => events.push(['ready', p]),
  onBankAuthorisation: (e) => events.push(['bank', e]),
  onComplete: (p) => events.push(['completed', p]),
  onError: (p) => events.push(['error', p]),
  onExit: (p) => events.push(['exit', p]),
};
const q = new URLSearchParams(location.search);
const resumed = window.HostedJourney.resume(callbacks);
window.__resumed = resumed !== null;
window.__journey =
  resumed ??
  window.HostedJourney.createJourney({
    vendor: 'acme',
    customerId: q.get('ref') ?? 'rt_default',
    journeyOrigin: document.body.dataset.journey,
    ...(q.get('mode') === 'modal' ? { mode: 'modal' } : { container: '#journey' }),
    ...(q.has('renew') ? { renewConsent: q.get('renew') } : { institutionId: 'cdr-only-bank' }),
    prefill: { fullName: 'Alex Citizen', email: 'alex@example.com' },
    bankAuthorisation: q.get('strategy') ?? 'popup',
    ...(q.has('prewarm') ? { prewarm: true } : {}),
    ...callbacks,
  });
if (resumed || !q.has('prewarm')) window.__journey.open();
