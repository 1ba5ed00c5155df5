/** Renders an application's progress and webhook log from the demo server's event stream (DOM APIs only, CSP-safe). */
import {
  type ApplicationSnapshot,
  type ApplicationTrace,
  BUNDLE_FORMATS,
  type LogEntry,
  SSE,
  bundleHref,
  eventsHref,
} from '../shared.js';
import { renderTraces } from './waterfall.js';
import { el } from '../dom.js';

/** demo/service.ts logs a lifecycle event's detail as `crawler <status>`. */
const CRAWLER_RELEASED = 'crawler.lifecycle_updated RELEASED';

const STAGES: { label: string; done: (types: Set<string>) => boolean }[] = [
  { label: 'Application started', done: (t) => t.size > 0 },
  // cdr: the consent; crawler: the documented lifecycle status RELEASED (QUEUED, AUTH, FAILED… come before it).
  { label: 'Bank access approved', done: (t) => t.has('consent.authorised') || t.has(CRAWLER_RELEASED) },
  {
    label: 'Accounts and balances found',
    done: (t) => t.has('account.numbers_ready') || t.has('account.balances_ready'),
  },
  { label: 'Statements retrieved', done: (t) => t.has('crawl.completed') },
  { label: 'Finalised by Lendly', done: (t) => t.has('finalise.called') },
  { label: 'Report ready', done: (t) => t.has('application.report_ready') },
];

/**
 * When an entry happened: its time, with its date when that is not today's. A webhook's `at` is its `created_at`, on
 * the sandbox's clock: an event the clock's move fired (a warning, an expiry) shows the sandbox date it belongs to.
 */
export function time(at: string, today = new Date()): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const clock = d.toLocaleTimeString('en-AU', { hour12: false });
  if (d.toDateString() === today.toDateString()) return clock;
  return `${d.toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric' })} ${clock}`;
}

export function appendLog(
  log: HTMLElement,
  kind: 'journey' | 'webhook' | 'server' | 'bridge' | 'app',
  type: string,
  detail: string,
  at = new Date().toISOString(),
) {
  log.querySelector('.empty')?.remove();
  const li = el(
    'li',
    {},
    el('span', { className: 't', textContent: time(at) }),
    el('span', { className: `k${kind === 'webhook' ? ' hook' : ''}`, textContent: `${kind} ${type}` }),
    el('span', { className: 'p', textContent: detail }),
  );
  li.dataset.kind = kind;
  li.dataset.type = type;
  li.dataset.at = at;
  log.prepend(li);
  return li;
}

/**
 * Follows `ref` over SSE, rendering into `progress` and (optionally) `log`, and the application's trace into `trace`
 * when given. Returns a stop function.
 */
export function followApplication(
  ref: string,
  progress: HTMLElement,
  log?: HTMLElement,
  trace?: HTMLElement,
): () => void {
  const seen = new Set<string>();
  const types = new Set<string>();
  let ready = false;

  const render = () => {
    const done = STAGES.filter((s) => s.done(types)).length;
    const fill = el('div', { className: `w${Math.min(5, Math.max(0, done - 1))}` });
    const bar = el('div', { className: 'bar' }, fill);
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-valuemin', '0');
    bar.setAttribute('aria-valuemax', String(STAGES.length));
    bar.setAttribute('aria-valuenow', String(done));
    bar.setAttribute('aria-label', 'Application progress');
    const list = el(
      'ol',
      { className: 'steps' },
      ...STAGES.map((s, i) => {
        const state = s.done(types) ? 'done' : i === done ? 'now' : '';
        return el('li', { className: state, textContent: s.label });
      }),
    );
    const kids: Node[] = [bar, list];
    if (ready) {
      kids.push(
        el(
          'div',
          { className: 'downloads' },
          ...BUNDLE_FORMATS.map((f) => {
            const a = el('a', {
              className: 'btn',
              href: bundleHref(ref, f),
              textContent: `Download ${f.toUpperCase()}`,
            });
            a.setAttribute('download', `${ref}.${f}`);
            a.dataset.format = f;
            return a;
          }),
        ),
      );
    } else {
      kids.push(
        el('p', {
          className: 'muted',
          textContent: types.size ? 'Waiting for the next webhook…' : 'Waiting for the customer to connect a bank…',
        }),
      );
    }
    progress.replaceChildren(...kids);
    progress.dataset.state = ready ? 'report-ready' : `stage-${done}`;
  };

  const take = (e: LogEntry) => {
    if (seen.has(e.id)) return;
    seen.add(e.id);
    types.add(e.type);
    if (e.type === 'crawler.lifecycle_updated' && e.detail === 'crawler RELEASED') types.add(CRAWLER_RELEASED);
    if (e.type === 'application.report_ready') ready = true;
    if (log) appendLog(log, e.source, e.type, e.detail ?? '', e.at);
  };

  render();
  const source = new EventSource(eventsHref(ref) + (trace ? '?trace=1' : ''));
  if (trace)
    source.addEventListener(SSE.trace, (m) =>
      renderTraces(trace, JSON.parse((m as MessageEvent<string>).data) as ApplicationTrace),
    );
  source.addEventListener(SSE.snapshot, (m) => {
    const snap = JSON.parse((m as MessageEvent<string>).data) as ApplicationSnapshot;
    snap.entries.forEach(take);
    ready ||= snap.reportReady;
    render();
  });
  source.addEventListener(SSE.entry, (m) => {
    take(JSON.parse((m as MessageEvent<string>).data) as LogEntry);
    render();
  });
  return () => source.close();
}
