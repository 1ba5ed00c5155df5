// The page-loaded twin of csp.ts's init script, for engines whose driver has no init scripts (e2e/engines): the first
// script of a page (script-src 'self' allows it) records every `securitypolicyviolation` in window.__cspViolations.
// Does nothing when an init script already installed the recorder.
if (!window.__cspViolations) {
  const list = (window.__cspViolations = []);
  document.addEventListener('securitypolicyviolation', (e) => {
    list.push({ frame: location.origin, directive: e.effectiveDirective, blockedURI: e.blockedURI, sample: e.sample });
  });
}
