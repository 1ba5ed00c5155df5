/**
 * Draws an application's trace as a waterfall (DOM APIs only, CSP-safe: bars are placed through CSSOM, which
 * `style-src 'self'` allows). One table per trace, one row per span or event in time order; the text columns carry all
 * of it (number, service, name and outcome, the row it is inside, start and duration), the bar repeats it for the eye
 * and is hidden from assistive technology.
 */
import { el } from '../dom.js';
import type { ApplicationTrace, TraceRow, TraceView } from '../shared.js';

/** `1 234 ms` under ten seconds, `12.3 s` beyond. */
export function duration(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms).toLocaleString('en-AU')} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** How many of `row`'s ancestors are in the trace (a loop or a missing parent ends the count). */
function depthOf(row: TraceRow, byId: Map<string, TraceRow>): number {
  let depth = 0;
  for (let p = row.parentId && byId.get(row.parentId); p && depth < 32; p = p.parentId && byId.get(p.parentId)) depth++;
  return depth;
}

function traceTable(t: TraceView): HTMLTableElement {
  const byId = new Map(t.rows.map((r) => [r.spanId, r] as const));
  const rows = t.rows
    .map((r) => ({ r, depth: depthOf(r, byId) }))
    .sort((a, b) => a.r.start - b.r.start || a.depth - b.depth);
  const number = new Map(rows.map(({ r }, i) => [r.spanId, i + 1] as const));
  const t0 = Math.min(...rows.map(({ r }) => r.start));
  const total = Math.max(...rows.map(({ r }) => r.end)) - t0;
  const scale = Math.max(total, 1);
  const caption = el(
    'caption',
    {},
    'Trace ',
    el('code', { textContent: t.traceId }),
    ` · ${rows.length} rows over ${duration(total)}`,
  );
  const head = el(
    'thead',
    {},
    el(
      'tr',
      {},
      ...['#', 'Service', 'Span or event', 'Start · lasts'].map((h) => el('th', { scope: 'col', textContent: h })),
    ),
  );
  const body = el(
    'tbody',
    {},
    ...rows.map(({ r, depth }, i) => {
      const parent = r.parentId ? number.get(r.parentId) : undefined;
      const name = el('div', { className: 'wf-name' }, el('span', { textContent: r.name }));
      name.style.paddingInlineStart = `${Math.min(depth, 8) * 8}px`;
      if (r.detail || r.error)
        name.append(
          ' ',
          el('span', {
            className: 'wf-detail',
            textContent: [r.detail, r.error && 'error'].filter(Boolean).join(' · '),
          }),
        );
      if (parent) name.append(' ', el('span', { className: 'wf-in', textContent: `in #${parent}` }));
      const bar = el('div', {
        className: `wf-bar svc-${r.service.replace(' ', '-')}${r.end === r.start ? ' wf-mark' : ''}`,
      });
      bar.style.insetInlineStart = `${((r.start - t0) / scale) * 100}%`;
      bar.style.width = `${((r.end - r.start) / scale) * 100}%`;
      const track = el('div', { className: 'wf-track' }, bar);
      track.setAttribute('aria-hidden', 'true');
      const tr = el(
        'tr',
        {},
        el('td', { className: 'wf-num', textContent: String(i + 1) }),
        el('td', {}, el('span', { className: `svc svc-${r.service.replace(' ', '-')}`, textContent: r.service })),
        el('td', {}, el('div', { className: 'wf-cell' }, name, track)),
        el(
          'td',
          { className: 'wf-time' },
          el('span', { textContent: `+${duration(r.start - t0)}` }),
          el('span', { textContent: r.end === r.start ? 'event' : duration(r.end - r.start) }),
        ),
      );
      tr.dataset.service = r.service;
      tr.dataset.start = String(r.start);
      return tr;
    }),
  );
  const table = el('table', { className: 'waterfall' }, caption, head, body);
  table.dataset.traceId = t.traceId;
  return table;
}

/** Replaces `container`'s content with the application's traces (or says none has a row yet). */
export function renderTraces(container: HTMLElement, view: ApplicationTrace): void {
  const traces = view.traces.filter((t) => t.rows.length > 0);
  if (!traces.length) {
    container.replaceChildren(el('p', { className: 'muted', textContent: 'No span of this application yet.' }));
    container.dataset.state = 'waiting';
    return;
  }
  container.replaceChildren(...traces.map(traceTable));
  container.dataset.state = 'drawn';
}
