/**
 * Entry of `/i/{vendor}/{ref}/bank-return?consent_id=&status=authorised|denied&state=` (built to
 * dist/sandbox-assets/bank-return.js). The bank sends the customer here; this page hands the answer to the journey
 * (see bank-return-channel.ts for the three paths) and closes itself, or walks the customer back into the journey.
 */
import { ID_PATTERN, QUERY, RESUME_QUERY } from '../../../protocol/url.js';
import { browserLanguages, negotiateLocale } from '../../../protocol/locale.js';
import { parseTraceparent } from '../../../protocol/trace-context.js';
import { createJourneyApi } from './api-client.js';
import { t, chooseLocale } from './i18n.js';
import type { JourneyKey } from './words/en-AU.js';
import {
  BANK_RETURN_TYPE,
  broadcastName,
  loadPendingConsent,
  saveBankResult,
  type BankReturnMessage,
} from './bank-return-channel.js';

let words: Promise<void> = Promise.resolve();

function render(title: JourneyKey, text: JourneyKey): void {
  void words.then(() => show(title, text));
}

function show(title: JourneyKey, text: JourneyKey): void {
  const main = document.createElement('main');
  main.className = 'hj-return';
  const h1 = document.createElement('h1');
  h1.textContent = t(title);
  const p = document.createElement('p');
  p.textContent = t(text);
  main.append(h1, p);
  document.body.replaceChildren(main);
}

/**
 * This page load's session credential (the journey API refuses calls without it) and the journey's traceparent (the
 * consent's, strictly checked), from the shell's `hj-config`.
 */
function pageConfig(): { session?: string; traceparent?: string } {
  try {
    const { session, traceparent } = JSON.parse(document.getElementById('hj-config')?.textContent ?? '') as Record<
      string,
      unknown
    >;
    return {
      ...(typeof session === 'string' ? { session } : {}),
      ...(typeof traceparent === 'string' && parseTraceparent(traceparent).ok ? { traceparent } : {}),
    };
  } catch {
    return {};
  }
}

function sameOriginWindow(w: Window | null | undefined): w is Window {
  if (!w || w === window) return false;
  try {
    return w.location.origin === location.origin;
  } catch {
    return false; // cross-origin: e.g. the integrator's page opened this popup itself
  }
}

function main(): void {
  const q = new URLSearchParams(location.search);
  // The bank hands back no language: the journey put its own `locale` in the return URL it gave the consent, and
  // this page negotiates from it as the journey did (then the browser's languages). The answer goes to the journey at
  // once; only the words wait for a lazy catalogue.
  words = chooseLocale(negotiateLocale([q.get(QUERY.locale), ...browserLanguages()])).then(() => {
    document.title = t('return.returningTitle');
  });
  const parts = location.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [i, vendor, ref, leaf] = parts;
  const consentId = q.get('consent_id') ?? '';
  const status = q.get('status');
  if (
    i !== 'i' ||
    !vendor ||
    !ref ||
    leaf !== 'bank-return' ||
    !ID_PATTERN.test(vendor) ||
    !ID_PATTERN.test(ref) ||
    !consentId ||
    (status !== 'authorised' && status !== 'denied')
  ) {
    render('return.invalidTitle', 'return.invalid');
    return;
  }
  const params: Record<string, string> = {};
  for (const [k, v] of q) params[k] = v;
  const msg: BankReturnMessage = { type: BANK_RETURN_TYPE, consentId, status, params };

  let delivered = false;
  for (const target of [window.opener as Window | null, window.parent]) {
    if (sameOriginWindow(target)) {
      target.postMessage(msg, location.origin);
      delivered = true;
    }
  }
  if (typeof BroadcastChannel === 'function') {
    const bc = new BroadcastChannel(broadcastName(consentId));
    bc.postMessage(msg);
    bc.close();
  }

  const approved = status === 'authorised';
  // A popup (even one whose opener a Cross-Origin-Opener-Policy severed: its name survives) closes; the journey in the
  // opener gets the answer by message or by polling /status.
  if (delivered || window.opener || window.name.startsWith('hj-bank-')) {
    render(approved ? 'return.connectedTitle' : 'return.deniedTitle', approved ? 'return.connected' : 'return.denied');
    // Give the message a moment to leave before the window goes; scripts may close windows a script opened.
    setTimeout(() => window.close(), 400);
    return;
  }
  // Top-level. A framed journey's consent names the integrator's page to return to (redirect round trip): read it
  // from the server — never from this URL, which anyone can craft (no open redirect) — with the decided status.
  render('return.returningTitle', 'return.returning');
  const { session, traceparent } = pageConfig();
  createJourneyApi({ vendor, ref, session, traceparent: () => traceparent })
    .consentReturn(consentId)
    .catch(() => undefined)
    .then((info) => {
      if (info?.return_to && info.channel && info.status !== 'pending') {
        const to = new URL(info.return_to);
        if (!/^https?:$/.test(to.protocol)) return backIntoJourney(vendor, ref, msg);
        to.searchParams.set(RESUME_QUERY.channel, info.channel);
        to.searchParams.set(RESUME_QUERY.status, info.status);
        location.replace(to.href);
      } else backIntoJourney(vendor, ref, msg);
    });
}

/** No integrator page: the journey itself navigated here top-level (an unframed link). Go back into it. */
function backIntoJourney(vendor: string, ref: string, msg: BankReturnMessage): void {
  saveBankResult(vendor, ref, msg);
  const pending = loadPendingConsent(vendor, ref);
  location.replace(pending?.returnTo ?? `/i/${encodeURIComponent(vendor)}/${encodeURIComponent(ref)}/banks`);
}

main();
