// Records every `securitypolicyviolation` of its document in window.__cspViolations (read by csp.ts's `violations()`).
// Installed as an init script by csp.ts (Playwright), or loaded by a page as its first script (script-src 'self' allows
// it) for engines whose driver has no init scripts (e2e/engines). Does nothing when already installed.
if (!window.__cspViolations) {
  const list = (window.__cspViolations = []);
  document.addEventListener('securitypolicyviolation', (e) => {
    list.push({ frame: location.origin, directive: e.effectiveDirective, blockedURI: e.blockedURI, sample: e.sample });
  });
}
