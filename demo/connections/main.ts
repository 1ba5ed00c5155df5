/**
 * The Connections page: every customer's consents from Lendly's server (status, sharing end, days left on the
 * sandbox's clock, warnings received), Renew (the widget in renew mode, `renewConsent`), Revoke, the clock's buttons
 * and the webhook log, all redrawn as webhooks arrive. DOM APIs only (CSP-safe).
 */
import { createJourney, resumeJourney, type JourneyCallbacks } from '../../src/widget/index.js';
import {
  CONNECTIONS_API,
  SSE,
  type ConnectionView,
  type ConnectionsSnapshot,
  type LogEntry,
  type ReceiverView,
  type ResendView,
} from '../shared.js';
import { appendLog } from '../status/progress.js';
import { el } from '../dom.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const list = $<HTMLDivElement>('connections');
const log = $<HTMLUListElement>('log');
const status = $<HTMLSpanElement>('connections-status');
const { vendor = '', journeyOrigin = '' } = list.dataset;
/** The journey's language the header's switch chose (the server puts it on `<main>`). */
const locale = document.querySelector('main')?.dataset.locale;

async function call<T>(path: string, body?: object): Promise<T> {
  const res = await fetch(path, {
    method: body ? 'POST' : 'GET',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(json.error?.message ?? `the server answered ${res.status}`);
  return json;
}

const day = (at: string | null) =>
  at ? new Date(at).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }) : '—';

const LIVE = new Set(['active', 'expiring']);

function connectionCard(c: ConnectionView): HTMLElement {
  const pill = el('span', {
    className: 'pill',
    textContent: c.revoked_by ? `${c.status} by ${c.revoked_by}` : c.status,
  });
  pill.dataset.status = c.status;
  const field = (name: string, value: Node | string, key: string) => {
    const dd = el('dd', {}, value);
    dd.dataset.field = key;
    return [el('dt', { textContent: name }), dd];
  };
  const accounts = el(
    'ul',
    { className: 'ids' },
    ...c.account_ids.map((id) => el('li', {}, el('code', { textContent: id }))),
  );
  const renew = el('button', {
    type: 'button',
    textContent: 'Renew',
    disabled: !(LIVE.has(c.status) || c.status === 'expired'),
  });
  renew.addEventListener('click', () => openRenewal(c));
  const revoke = el('button', {
    type: 'button',
    className: 'ghost',
    textContent: 'Revoke',
    disabled: !LIVE.has(c.status),
  });
  revoke.addEventListener(
    'click',
    () => void act(`Revoking ${c.consent_id}…`, CONNECTIONS_API.revoke, { ref: c.ref, consent_id: c.consent_id }),
  );
  const card = el(
    'article',
    { className: 'card stack consent' },
    el('h3', {}, `${c.ref} · ${c.institution_id}`),
    el(
      'dl',
      { className: 'kv' },
      ...field('Status', pill, 'status'),
      ...field('Sharing until', day(c.sharing_expires_at), 'sharing_expires_at'),
      ...field('Days left', c.days_left === null ? '—' : String(c.days_left), 'days_left'),
      ...field('Warnings received', String(c.warnings), 'warnings'),
      ...field('Accounts', accounts, 'account_ids'),
    ),
    el('div', { className: 'row' }, renew, revoke),
  );
  card.setAttribute('aria-label', `Consent ${c.consent_id}`);
  card.dataset.consent = c.consent_id;
  card.dataset.status = c.status;
  return card;
}

let running: Promise<void> | undefined;
let again = false;
/** Redraws from the server; a call that comes while one runs is run once more after it. */
function refresh(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      await redraw();
    } catch (err) {
      status.textContent = `Could not read the connections: ${(err as Error).message}`;
    }
  })().finally(() => {
    running = undefined;
  });
  return running;
}

async function redraw(): Promise<void> {
  do {
    again = false;
    const snap = await call<ConnectionsSnapshot>(CONNECTIONS_API.list);
    $('clock-now').textContent = day(snap.now);
    list.replaceChildren(
      ...(snap.connections.length
        ? snap.connections.map(connectionCard)
        : [
            el('p', {
              className: 'muted',
              textContent: 'No connection yet: connect a test customer here, or a bank on another page.',
            }),
          ]),
    );
  } while (again);
}

async function act(doing: string, path: string, body: object): Promise<void> {
  status.textContent = doing;
  try {
    await call(path, body);
    await refresh();
    status.textContent = '';
  } catch (err) {
    status.textContent = `Could not: ${(err as Error).message}`;
  }
}

const callbacks = (): JourneyCallbacks => ({
  onComplete: () => {
    status.textContent = 'Renewed at the bank.';
    void refresh();
  },
  onExit: () => void refresh(),
  onError: ({ code }) => {
    status.textContent = `Renewal not completed (${code}): the consent is as it was.`;
  },
});

function openRenewal(c: ConnectionView): void {
  const journey = createJourney({
    vendor,
    customerId: c.ref,
    journeyOrigin,
    mode: 'modal',
    title: 'Renew your bank connection',
    renewConsent: c.consent_id,
    ...(locale ? { locale } : {}),
    ...callbacks(),
  });
  if (journey.state === 'idle') journey.open();
}

// Back from the bank by redirect (in-app browsers, a blocked popup): the same renewal re-opens with the answer.
resumeJourney(callbacks());

for (const button of document.querySelectorAll<HTMLButtonElement>('#clock [data-advance]')) {
  const by = button.dataset.advance!;
  button.addEventListener('click', () => void act(`Moving the clock ${by}…`, CONNECTIONS_API.clock, { advance: by }));
}
$('connect').addEventListener('click', () => void act('Connecting a test customer…', CONNECTIONS_API.connect, {}));

// ---- the receiver: down (503) and back, its failed attempts with their next retry, catch up, resend ----------
const toggle = $<HTMLButtonElement>('receiver-toggle');
const failed = $<HTMLUListElement>('failed');
const receiverStatus = $<HTMLSpanElement>('receiver-status');
let receiver: ReceiverView = { down: false, since: null, failed: [] };
const clock = (at: string) => new Date(at).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'medium' });

function drawReceiver(view: ReceiverView): void {
  receiver = view;
  toggle.textContent = view.down ? 'Bring it back' : 'Take the receiver down';
  toggle.setAttribute('aria-pressed', String(view.down));
  failed.replaceChildren(
    ...(view.failed.length
      ? view.failed.map((a) => {
          const li = el(
            'li',
            {},
            el('span', { className: 't', textContent: clock(a.at) }),
            el('span', { className: 'k hook', textContent: `${a.type} · attempt ${a.attempt}` }),
            el('span', {
              className: 'p',
              textContent: `${a.status ?? 'no answer'} · ${a.next_retry_at ? `next retry ${clock(a.next_retry_at)}` : 'gave up'}`,
            }),
          );
          li.dataset.event = a.event_id;
          li.dataset.retry = a.next_retry_at ? 'due' : 'gave-up';
          return li;
        })
      : [el('li', { className: 'empty', textContent: 'No failed attempt.' })]),
  );
}

async function receiverAct(doing: string, run: () => Promise<string>): Promise<void> {
  receiverStatus.textContent = doing;
  try {
    receiverStatus.textContent = await run();
  } catch (err) {
    receiverStatus.textContent = `Could not: ${(err as Error).message}`;
  }
}

const upOrDown = (view: ReceiverView) =>
  view.down ? 'The receiver is down: /webhooks answers 503.' : 'The receiver is up.';
toggle.addEventListener(
  'click',
  () =>
    void receiverAct(receiver.down ? 'Bringing the receiver back…' : 'Taking the receiver down…', async () => {
      const view = await call<ReceiverView>(CONNECTIONS_API.receiver, { down: !receiver.down });
      drawReceiver(view);
      return upOrDown(view);
    }),
);
$('catch-up').addEventListener(
  'click',
  () =>
    void receiverAct('Catching up…', async () => {
      const s = await call<{ seen: number; processed: number; alreadyDone: number; failed: number }>(
        CONNECTIONS_API.catchUp,
        {},
      );
      void refreshReceiver();
      return `Caught up: ${s.seen} seen, ${s.processed} processed, ${s.alreadyDone} already done, ${s.failed} failed.`;
    }),
);

function resendButton(li: HTMLElement, e: LogEntry): void {
  const button = el('button', { type: 'button', className: 'resend', textContent: 'Resend' });
  button.setAttribute('aria-label', `Resend ${e.type} ${e.id}`);
  button.addEventListener(
    'click',
    () =>
      void receiverAct(`Resending ${e.id}…`, async () => {
        const r = await call<ResendView>(CONNECTIONS_API.resend, { event_id: e.id });
        return r.outcome
          ? `Resent ${r.event_id}: the handler answered ${r.outcome}.`
          : `Resent ${r.event_id} to ${r.queued} receiver(s); no answer from the handler yet.`;
      }),
  );
  li.append(button);
}

let receiverReading = false;
async function refreshReceiver(): Promise<void> {
  if (receiverReading) return;
  receiverReading = true;
  try {
    drawReceiver(await call<ReceiverView>(CONNECTIONS_API.receiver));
  } catch {
    /* the next tick reads again */
  } finally {
    receiverReading = false;
  }
}
// While the receiver is down the attempts pile up without a webhook to say so: read them every second.
setInterval(() => {
  if (receiver.down) void refreshReceiver();
}, 1_000);

const source = new EventSource(CONNECTIONS_API.events);
source.addEventListener(SSE.entry, (m) => {
  const e = JSON.parse((m as MessageEvent<string>).data) as LogEntry & { ref: string };
  const li = appendLog(log, 'webhook', e.type, `${e.detail ?? ''} · ${e.ref}`, e.at);
  li.dataset.event = e.id;
  resendButton(li, e);
  void refresh();
  void refreshReceiver();
});
void refresh();
void refreshReceiver().then(() => {
  receiverStatus.textContent = upOrDown(receiver);
});
