/**
 * The SPA page: an ES-module integration. The server starts the application (backend helper), the journey opens in a
 * modal, every journey event goes to the log, and webhook-driven progress streams in from the server. When the bank
 * step ran by redirect (`bankAuthorisation: 'auto'` picks it in in-app browsers and WebViews; a blocked popup falls
 * back to it), the bank sends the tab back here and `resumeJourney()` re-opens the same journey.
 */
import {
  createJourney,
  resumeJourney,
  type JourneyCallbacks,
  type JourneyHandle,
  type JourneyOptions,
} from '../../src/widget/index.js';
import { appendLog, followApplication } from '../status/progress.js';

const THEMES: Record<string, JourneyOptions['theme']> = {
  lendly: { primaryColour: '#4F46E5', secondaryColour: '#06B6D4', font: 'Inter' },
  forest: { primaryColour: '#166534', secondaryColour: '#CA8A04', backgroundColour: '#FBFDF8', font: 'Lora' },
  sunset: { primaryColour: '#C2410C', secondaryColour: '#7C3AED', font: 'Poppins' },
  none: undefined,
};
const PREFILLS: Record<string, JourneyOptions['prefill']> = {
  alex: { fullName: 'Alex Citizen', email: 'alex@example.com', phone: '+61 400 000 000' },
  sam: { fullName: 'Sam Nguyen', email: 'sam.nguyen@example.com' },
  none: undefined,
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('start-form');
const log = $<HTMLUListElement>('log');
const status = $<HTMLSpanElement>('start-status');
const button = $<HTMLButtonElement>('start');
let journey: JourneyHandle | undefined;
let stopFollowing: (() => void) | undefined;

/** The page's callbacks, the same for a new journey and a resumed one. */
const callbacks = (): JourneyCallbacks => ({
  // The session's ids are the same on every event, so a line shows what changes (with them each line wrapped further
  // and the page behind the modal shifted).
  onEvent: (ev) => {
    const { sessionId: _s, traceId: _t, traceparent: _p, ...shown } = ev.payload;
    appendLog(log, 'journey', ev.type, JSON.stringify(shown));
  },
  onInvalidMessage: (info) => appendLog(log, 'journey', 'invalid_message', `${info.reason}: ${info.detail}`),
  onBankAuthorisation: (e) => appendLog(log, 'journey', `bank ${e.phase}`, `strategy ${e.strategy}`),
  onComplete: () => {
    status.textContent = 'Bank connected — the report follows by webhook.';
  },
  onExit: ({ reason }) => {
    status.textContent = `Journey closed (${reason}).`;
    button.disabled = false;
  },
  onError: ({ code, message }) => {
    status.textContent = `${code}: ${message}`;
  },
});

// Back from the bank by redirect: the saved journey re-opens with the bank's answer; its ref is in its URL
// (`{journeyOrigin}/i/{vendor}/{ref}`).
const resumed = resumeJourney(callbacks());
if (resumed) {
  journey = resumed;
  const ref = decodeURIComponent(new URL(resumed.url).pathname.split('/')[3] ?? '');
  appendLog(log, 'journey', 'resumed', `${ref} (back from the bank)`);
  stopFollowing = followApplication(ref, $('progress'), log);
  status.textContent = `Application ${ref}`;
}

interface Started {
  ref: string;
  vendor: string;
  journeyOrigin: string;
  applicationId: string;
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const prefill = PREFILLS[$<HTMLSelectElement>('prefill').value];
  const theme = THEMES[$<HTMLSelectElement>('theme').value];
  const startAt = $<HTMLSelectElement>('start-at').value;
  button.disabled = true;
  status.textContent = 'Starting your application…';
  try {
    const res = await fetch('/api/applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: prefill?.fullName, email: prefill?.email, phone: prefill?.phone }),
    });
    if (!res.ok) throw new Error(`the server answered ${res.status}`);
    const started = (await res.json()) as Started;
    appendLog(log, 'server', 'startApplication', `${started.ref} → ${started.applicationId}`);
    stopFollowing?.();
    stopFollowing = followApplication(started.ref, $('progress'), log);
    journey?.destroy();
    journey = createJourney({
      vendor: started.vendor,
      customerId: started.ref,
      journeyOrigin: started.journeyOrigin,
      mode: 'modal',
      title: 'Connect your bank account',
      ...(theme ? { theme } : {}),
      ...(prefill ? { prefill } : {}),
      ...(startAt === 'banks' ? { startAt: 'banks' as const } : startAt ? { institutionId: startAt } : {}),
      ...callbacks(),
    });
    if (journey.state === 'idle') journey.open();
    status.textContent = `Application ${started.ref}`;
  } catch (err) {
    status.textContent = `Could not start: ${(err as Error).message}`;
  } finally {
    button.disabled = false;
  }
});
