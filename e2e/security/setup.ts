import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { scriptTagRoutes } from '../support/script-files.js';

const _ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Origins {
  integrator: StaticServer;
  journey: StaticServer;
  phish: StaticServer;
  /** The integrator's page mounting the stand-in journey with this bank strategy. */
  page(strategy: 'popup' | 'redirect'): string;
  close(): Promise<void>;
}

const html = (body: string) => ({
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`,
  type: 'text/html; charset=utf-8',
});

/**
 * The stand-in journey: answers the widget's handshake, says `ready`, and exposes `window.emit(type, payload)` so the
 * spec can post any envelope (right origin, right window, right channel) to the integrator.
 */
const JOURNEY = `
const q = new URL(location.href).searchParams;
const parentOrigin = q.get('parent_origin');
const channel = q.get('channel');
window.emit = (type, payload) => parent.postMessage({ protocol: 'hosted-journey', version: 1, channel, type, payload }, parentOrigin);
addEventListener('message', (e) => {
  if (e.source !== parent || e.origin !== parentOrigin || !e.data || e.data.type !== 'welcome') return;
  document.getElementById('status').textContent = 'connected';
  window.emit('ready', { step: 'bank_authorisation' });
});
window.emit('hello', {});
`;

/** The integrator: records what the widget reports (window.__calls) and exposes the handle (window.__j). */
const INTEGRATOR = `
const q = new URL(location.href).searchParams;
const calls = (window.__calls = []);
const rec = (name) => (p) => calls.push([name, p]);
window.__j = HostedJourney.createJourney({
  vendor: 'acme', customerId: 'cust_1', journeyOrigin: document.body.dataset.journey, container: '#journey',
  bankAuthorisation: q.get('strategy') || 'popup',
  onReady: rec('onReady'), onBankAuthorisation: rec('onBankAuthorisation'), onError: rec('onError'), onInvalidMessage: rec('onInvalidMessage'),
});
window.__j.open();
`;

export async function startOrigins(): Promise<Origins> {
  const phish = await startStaticServer({
    host: '127.0.0.1',
    routes: { '/phish': html('<h1>Log in to your bank</h1>') },
  });
  const journey = await startStaticServer({
    host: 'localhost',
    routes: {
      '/i/acme/cust_1': html('<p id="status">connecting</p><script src="/journey.js"></script>'),
      '/journey.js': { body: JOURNEY, type: 'text/javascript; charset=utf-8' },
    },
  });
  const integrator = await startStaticServer({
    host: '127.0.0.1',
    routes: {
      '/apply': {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body data-journey="${journey.url}">
<div id="journey"></div><script src="/hosted-journey.iife.js"></script><script src="/integrator.js"></script></body></html>`,
        type: 'text/html; charset=utf-8',
      },
      ...scriptTagRoutes(),
      '/integrator.js': { body: INTEGRATOR, type: 'text/javascript; charset=utf-8' },
    },
  });
  return {
    integrator,
    journey,
    phish,
    page: (strategy) => `${integrator.url}/apply?strategy=${strategy}`,
    close: async () => {
      await Promise.all([integrator.close(), journey.close(), phish.close()]);
    },
  };
}
