// The integrator's page for the one-trace spec: mounts a journey for customer `ref` (query: ref, strategy) and keeps
// every widget payload in sessionStorage, so a journey that left for the bank (redirect) and was resumed still has
// the payloads from before it left. onComplete hands the session's traceparent to the page's own server, which makes
// its signed calls in that trace; its answer is kept as a 'server' entry.
const q = new URLSearchParams(location.search);
const ref = q.get('ref');
const key = `trace-events:${ref}`;
const events = JSON.parse(sessionStorage.getItem(key) ?? '[]');
const record = (kind) => (payload) => {
  events.push([kind, payload]);
  sessionStorage.setItem(key, JSON.stringify(events));
};
window.__events = () => JSON.parse(sessionStorage.getItem(key) ?? '[]');
const callbacks = {
  onReady: record('ready'),
  onStep: record('step'),
  onInstitutionSelected: record('institution_selected'),
  onBankAuthorisation: record('bank'),
  onReleased: record('released'),
  onError: record('error'),
  onExit: record('exit'),
  onComplete: (payload) => {
    record('completed')(payload);
    fetch('/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ref, applicationId: payload.applicationId, traceparent: payload.traceparent }),
    })
      .then((r) => r.json())
      .then(record('server'), (e) => record('server')({ failed: String(e) }));
  },
};
const journey =
  window.HostedJourney.resume(callbacks) ??
  window.HostedJourney.createJourney({
    vendor: 'acme',
    customerId: ref,
    journeyOrigin: document.body.dataset.journey,
    container: '#journey',
    institutionId: 'cdr-only-bank',
    prefill: { fullName: 'Alex Citizen', email: 'alex@example.com' },
    bankAuthorisation: q.get('strategy') ?? 'popup',
    ...callbacks,
  });
journey.open();
