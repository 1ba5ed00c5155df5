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
import { type PageMark, widgetEventsHref } from '../shared.js';
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
/** The journey's language the header's switch chose (the server puts it on `<main>`). */
const locale = document.querySelector('main')?.dataset.locale;
let journey: JourneyHandle | undefined;
let stopFollowing: (() => void) | undefined;
/** The application the page follows, and whether the server keeps its trace (unknown after a bank redirect). */
let current: { ref: string; trace: boolean | undefined } | undefined;

/**
 * `bytes` random bytes as lowercase hex: the page's own trace and span ids, made as a page without an OpenTelemetry
 * web SDK makes them (an integrator's page: it imports the widget's entry and nothing inside the packages).
 */
const hex = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Hands the server a row of the application's trace (HOSTED_JOURNEY_TRACE=1 draws it on /applications/{ref}). */
function mark(m: PageMark): void {
  if (!current || current.trace === false) return;
  void fetch(widgetEventsHref(current.ref), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ marks: [m] }),
    keepalive: true,
  }).catch(() => {});
}

/** The page's callbacks, the same for a new journey and a resumed one. */
const callbacks = (): JourneyCallbacks => ({
  // The session's ids are the same on every event, so a line shows what changes (with them each line wrapped further
  // and the page behind the modal shifted).
  onEvent: (ev) => {
    const { sessionId: _s, traceId: _t, traceparent, ...shown } = ev.payload;
    appendLog(log, 'journey', ev.type, JSON.stringify(shown));
    mark({ kind: 'event', type: ev.type, at: ev.payload.at, traceparent });
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
  current = { ref, trace: undefined };
  appendLog(log, 'journey', 'resumed', `${ref} (back from the bank)`);
  stopFollowing = followApplication(ref, $('progress'), log);
  showApplication(ref);
}

interface Started {
  ref: string;
  vendor: string;
  journeyOrigin: string;
  applicationId: string;
  /** The server keeps this application's trace (HOSTED_JOURNEY_TRACE=1). */
  trace: boolean;
}

/** `Application <ref>`, the ref linking to the application's own page (its progress, webhooks and trace). */
function showApplication(ref: string): void {
  const a = document.createElement('a');
  a.href = `/applications/${encodeURIComponent(ref)}`;
  a.target = '_blank';
  a.rel = 'noopener';
  a.textContent = ref;
  status.replaceChildren('Application ', a);
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const prefill = PREFILLS[$<HTMLSelectElement>('prefill').value];
  const theme = THEMES[$<HTMLSelectElement>('theme').value];
  const startAt = $<HTMLSelectElement>('start-at').value;
  button.disabled = true;
  status.textContent = 'Starting your application…';
  // The customer's click begins the trace: the page's own span, the parent of the server's start and of the journey.
  const clickedAt = Date.now();
  const traceparent = `00-${hex(16)}-${hex(8)}-01`;
  try {
    const res = await fetch('/api/applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent },
      body: JSON.stringify({ fullName: prefill?.fullName, email: prefill?.email, phone: prefill?.phone }),
    });
    if (!res.ok) throw new Error(`the server answered ${res.status}`);
    const started = (await res.json()) as Started;
    current = { ref: started.ref, trace: started.trace };
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
      traceparent,
      ...(locale ? { locale } : {}),
      ...callbacks(),
    });
    if (journey.state === 'idle') journey.open();
    mark({ kind: 'click', at: clickedAt, end: Date.now(), traceparent });
    showApplication(started.ref);
  } catch (err) {
    status.textContent = `Could not start: ${(err as Error).message}`;
  } finally {
    button.disabled = false;
  }
});
