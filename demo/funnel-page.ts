/**
 * `/funnel.html`: the service's journey sessions as a product's dashboard draws them — the funnel (how many sessions
 * reached each step) as an SVG, how they ended, by bank and pathway; and one session's timeline beside its trace.
 * Server-rendered from `client.listJourneySessions` (no code in the page); the bars are SVG attributes, so the strict
 * CSP (no inline style) holds. Every value passes through `esc`.
 */
import type { JourneySessionView } from '../src/server/types.js';
import { type Funnel, type FunnelFilter, OUTCOMES, timelineOf } from './funnel.js';
import { esc, layout, type PageContext } from './html.js';
import type { TraceView } from './shared.js';

export interface FunnelPageData {
  funnel: Funnel;
  filter: FunnelFilter;
  /** The most recent sessions, newest first, to pick one from. */
  recent: readonly JourneySessionView[];
  /** The session picked (`?session=`), and its trace when the demo traces (HOSTED_JOURNEY_TRACE=1). */
  selected?: { session: JourneySessionView; trace: TraceView | undefined } | undefined;
}

const BAR_W = 150;
/** Where the bars start: room for the longest step name (`bank_authorisation`) at the SVG's font size. */
const BAR_X = 134;
const ROW_H = 30;

/** The funnel as horizontal bars: one row per step, its count and share of the sessions. */
function funnelSvg(f: Funnel): string {
  const most = Math.max(1, f.sessions);
  const rows = f.steps
    .map(({ step, reached }, i) => {
      const y = i * ROW_H;
      const w = Math.round((reached / most) * BAR_W);
      const share = f.sessions ? Math.round((reached / f.sessions) * 100) : 0;
      return `<g class="bar"><text x="0" y="${y + 19}">${esc(step)}</text><rect x="${BAR_X}" y="${y + 5}" width="${BAR_W}" height="20" class="track"/><rect x="${BAR_X}" y="${y + 5}" width="${w}" height="20" class="fill"/><text x="${BAR_X + BAR_W + 6}" y="${y + 19}" class="n">${reached} · ${share}%</text></g>`;
    })
    .join('');
  const h = f.steps.length * ROW_H;
  return `<svg class="funnel" viewBox="0 0 ${BAR_X + BAR_W + 70} ${h}" role="img" aria-labelledby="funnel-title"><title id="funnel-title">Sessions that reached each step, of ${f.sessions}</title>${rows}</svg>`;
}

function filterForm(f: Funnel, filter: FunnelFilter): string {
  const option = (value: string, label: string, chosen: string | undefined) =>
    `<option value="${esc(value)}"${value === (chosen ?? '') ? ' selected' : ''}>${esc(label)}</option>`;
  const banks = [...new Map(f.byBank.filter((b) => b.bank !== '-').map((b) => [b.bank, b.name]))];
  return `<form class="fields filters" method="get" action="/funnel.html">
<label>Bank<select name="bank">${option('', 'Every bank', filter.bank)}${banks.map(([id, name]) => option(id, name, filter.bank)).join('')}</select></label>
<label>Pathway<select name="pathway">${option('', 'Both', filter.pathway)}${option('cdr', 'CDR', filter.pathway)}${option('crawler', 'Crawler', filter.pathway)}</select></label>
<button type="submit">Show</button></form>`;
}

function outcomesList(f: Funnel): string {
  const items = OUTCOMES.map(
    (o) => `<li><span class="outcome ${esc(o)}">${esc(o)}</span> <strong>${f.outcomes[o]}</strong></li>`,
  );
  const stopped = f.stoppedAt.map((s) => `<li><code>${esc(s.step)}</code> <strong>${s.sessions}</strong></li>`);
  return `<h3>How they ended</h3><ul class="plain">${items.join('')}</ul>${stopped.length ? `<h3>Where the others stopped</h3><ul class="plain">${stopped.join('')}</ul>` : ''}`;
}

function bankTable(f: Funnel): string {
  const rows = f.byBank
    .map((b) => {
      const rate = b.sessions ? Math.round((b.completed / b.sessions) * 100) : 0;
      return `<tr><td>${esc(b.name)}</td><td>${esc(b.pathway)}</td><td>${b.sessions}</td><td>${b.completed}</td><td>${rate}%</td></tr>`;
    })
    .join('');
  return `<div class="scroll"><table class="sessions-by-bank"><caption>By bank and pathway</caption><thead><tr><th scope="col">Bank</th><th scope="col">Pathway</th><th scope="col">Sessions</th><th scope="col">Completed</th><th scope="col">Rate</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

const seconds = (ms: number) => `+${(ms / 1000).toFixed(1)} s`;

function timeline(s: JourneySessionView): string {
  const rows = timelineOf(s)
    .map((r) => `<li${r.error ? ' class="err"' : ''}><span class="at">${seconds(r.atMs)}</span> ${esc(r.what)}</li>`)
    .join('');
  const bank = s.institution ? `${s.institution.name} (${s.institution.pathway})` : 'no bank chosen';
  return `<section class="card stack" aria-label="Session timeline"><h2>Session <code>${esc(s.session_id)}</code></h2>
<p>${esc(s.vendor)}/${esc(s.ref)} · ${esc(bank)} · <span class="outcome ${esc(s.outcome)}">${esc(s.outcome)}</span></p>
<ol class="timeline">${rows}</ol></section>`;
}

function traceColumn(s: JourneySessionView, trace: TraceView | undefined, tracing: boolean): string {
  const head = `<h2>Trace <code>${esc(s.trace_id ?? 'none')}</code></h2>`;
  if (!tracing)
    return `<section class="card stack" aria-label="Session trace">${head}<p>Run the demo with <code>HOSTED_JOURNEY_TRACE=1</code> to see the spans of this trace here.</p></section>`;
  if (!trace?.rows.length)
    return `<section class="card stack" aria-label="Session trace">${head}<p>No spans of this trace were recorded.</p></section>`;
  const t0 = Math.min(...trace.rows.map((r) => r.start));
  const rows = [...trace.rows]
    .sort((a, b) => a.start - b.start)
    .map(
      (r) =>
        `<li${r.error ? ' class="err"' : ''}><span class="at">${seconds(r.start - t0)}</span> <span class="svc">${esc(r.service)}</span> ${esc(r.name)}</li>`,
    )
    .join('');
  return `<section class="card stack" aria-label="Session trace">${head}<ol class="timeline">${rows}</ol></section>`;
}

function recentList(recent: readonly JourneySessionView[]): string {
  const items = recent
    .map(
      (s) =>
        `<li><a href="/funnel.html?session=${encodeURIComponent(s.session_id)}"><code>${esc(s.session_id.slice(0, 12))}…</code></a> ${esc(s.ref)} · <span class="outcome ${esc(s.outcome)}">${esc(s.outcome)}</span> · ${esc(s.last_step ?? '-')}</li>`,
    )
    .join('');
  return `<section class="card stack" aria-label="Recent sessions"><h2>Recent sessions</h2>${items ? `<ul class="plain">${items}</ul>` : '<p>No journey session yet: open a journey from another page.</p>'}</section>`;
}

export function funnelPage(ctx: PageContext, d: FunnelPageData): string {
  const { funnel: f } = d;
  const picked = d.selected
    ? `<div class="grid-2 session-view">${timeline(d.selected.session)}${traceColumn(d.selected.session, d.selected.trace, ctx.tracing === true)}</div>`
    : '';
  return layout({
    ctx,
    path: '/funnel.html',
    title: 'Funnel',
    body: `<section class="hero"><h1>Where customers drop out</h1>
<p>Every journey session the service recorded in the last 30 days — including the tabs that were closed — from
<code>client.listJourneySessions()</code>; no code in the page reports anything. Sessions shown: ${f.sessions}.</p></section>
${picked}
<div class="grid-2">
<section class="card stack" aria-label="Funnel"><h2>Funnel</h2>${filterForm(f, d.filter)}${funnelSvg(f)}</section>
<section class="card stack" aria-label="Outcomes">${outcomesList(f)}${bankTable(f)}</section>
</div>
${recentList(d.recent)}`,
  });
}
