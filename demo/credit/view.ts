/** Rendering helpers of the credit page: DOM APIs only (no innerHTML with data), CSSOM for the gauge. */

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...kids: (Node | string | null)[]
) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids.filter((k): k is Node | string => k !== null));
  return e;
}

export interface Report {
  enquiry_id: string;
  score: number;
  score_band?: string;
  applicant?: { first_name: string; last_name: string };
  enquiries: Array<{ date: string; enquirer: string; product: string; amount: string }>;
  accounts: Array<{
    account_id: string;
    provider: string;
    account_type: string;
    credit_limit: string;
    status: string;
    opened_on: string;
    repayment_history: Array<{ month: string; status: string }>;
  }>;
  defaults: Array<{
    default_id: string;
    account_id: string;
    amount: string;
    days_overdue: number;
    listed_on: string;
    status: string;
  }>;
}

const BAND_LABEL: Record<string, string> = {
  below_average: 'Below average',
  average: 'Average',
  good: 'Good',
  very_good: 'Very good',
  excellent: 'Excellent',
};
const BAND_COLOUR: Record<string, string> = {
  below_average: '#dc2626',
  average: '#f59e0b',
  good: '#84cc16',
  very_good: '#16a34a',
  excellent: '#0d9488',
};
const MAX_SCORE = 1200;
const money = (v: string) =>
  `$${Number(v).toLocaleString('en-AU', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
const human = (s: string) => s.replace(/_/g, ' ');

function table(head: string[], rows: (Node | string)[][], empty: string): HTMLElement {
  if (!rows.length) return el('p', { className: 'muted', textContent: empty });
  return el(
    'table',
    {},
    el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col', textContent: h })))),
    el('tbody', {}, ...rows.map((r) => el('tr', {}, ...r.map((c) => el('td', {}, c))))),
  );
}

function history(items: Report['accounts'][number]['repayment_history']): HTMLElement {
  const last = items.slice(-12);
  const grid = el(
    'div',
    { className: 'history' },
    ...last.map((h) => {
      const s = el('span', {
        className: `c-${h.status}`,
        textContent: h.status,
        title: `${h.month}: ${h.status === 'C' ? 'current' : h.status === 'X' ? 'not reported' : `${h.status} cycle(s) behind`}`,
      });
      return s;
    }),
  );
  grid.setAttribute(
    'aria-label',
    `Repayment history, last ${last.length} months: ${last.map((h) => h.status).join(' ')}`,
  );
  return last.length ? grid : el('span', { className: 'muted', textContent: 'No months reported yet' });
}

export function renderReport(r: Report, pdfHref: string): HTMLElement {
  const band = r.score_band ?? 'average';
  const gauge = el('div', { className: 'gauge' }, el('span', { textContent: String(r.score) }));
  gauge.style.setProperty('--deg', `${Math.round((Math.min(r.score, MAX_SCORE) / MAX_SCORE) * 360)}deg`);
  gauge.style.setProperty('--gauge-colour', BAND_COLOUR[band] ?? '#4f46e5');
  gauge.setAttribute('role', 'img');
  gauge.setAttribute('aria-label', `Credit score ${r.score} of ${MAX_SCORE}`);
  const name = r.applicant ? `${r.applicant.first_name} ${r.applicant.last_name}` : 'Applicant';
  const pdf = el('a', { className: 'btn ghost', href: pdfHref, textContent: 'Download report PDF' });
  pdf.setAttribute('download', `${r.enquiry_id}.pdf`);
  return el(
    'section',
    { className: 'card stack', id: 'report' },
    el('div', { className: 'row' }, el('h2', { textContent: `Credit report · ${name}` }), pdf),
    el(
      'div',
      { className: 'score' },
      gauge,
      el(
        'div',
        {},
        el('div', { className: 'band', textContent: BAND_LABEL[band] ?? band }),
        el('p', {
          className: 'muted',
          textContent: `Score out of ${MAX_SCORE}. ${r.defaults.filter((d) => d.status === 'outstanding').length} outstanding default(s), ${r.enquiries.length} enquiries on file.`,
        }),
      ),
    ),
    el('h3', { textContent: 'Accounts' }),
    table(
      ['Provider', 'Type', 'Limit', 'Status', 'Last 12 months'],
      r.accounts.map((a) => [
        a.provider,
        human(a.account_type),
        money(a.credit_limit),
        a.status,
        history(a.repayment_history),
      ]),
      'No accounts.',
    ),
    el('div', { className: 'legend' }, 'C current · 1–6 payment cycles behind · X not reported'),
    el('h3', { textContent: 'Defaults' }),
    table(
      ['Account', 'Amount', 'Days overdue', 'Listed', 'Status'],
      r.defaults.map((d) => [d.account_id, money(d.amount), String(d.days_overdue), d.listed_on, d.status]),
      'No defaults listed.',
    ),
    el('h3', { textContent: 'Enquiries' }),
    table(
      ['Date', 'Enquirer', 'Product', 'Amount'],
      r.enquiries.map((e) => [e.date, e.enquirer, human(e.product), money(e.amount)]),
      'No enquiries.',
    ),
  );
}
