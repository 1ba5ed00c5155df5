/** Rendering helpers of the credit page: DOM APIs only (no innerHTML with data), CSSOM for the gauge. */
import { el } from '../dom.js';

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
    hardship_history?: Array<{ month: string; code: string }>;
  }>;
  defaults: Array<{
    default_id: string;
    account_id: string;
    amount: string;
    days_overdue: number;
    listed_on: string;
    status: string;
  }>;
  notices?: Array<{ code: string; text: string }>;
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
    el(
      'tbody',
      {},
      ...rows.map((r) =>
        el(
          'tr',
          {},
          ...r.map((c, i) => {
            const td = el('td', {}, c);
            // A phone shows each cell under its column's name (styles.css, #credit td::before).
            td.dataset.label = head[i]!;
            return td;
          }),
        ),
      ),
    ),
  );
}

const RHI_TITLE: Record<string, string> = {
  '0': 'current',
  '1': '15–29 days overdue',
  '2': '30–59 days overdue',
  '3': '60–89 days overdue',
  '4': '90–119 days overdue',
  '5': '120–149 days overdue',
  '6': '150–179 days overdue',
  X: '180 days or more overdue',
};
const FHI_TITLE: Record<string, string> = { A: 'temporary hardship arrangement', V: 'permanent variation' };

/** Each account's hardship months, apart from its repayment history, with the notice the consumer is given. */
function hardship(r: Report): HTMLElement | null {
  const withFhi = r.accounts.filter((a) => a.hardship_history?.length);
  if (!withFhi.length) return null;
  const notice = r.notices?.find((n) => n.code === 'financial_hardship_information');
  return el(
    'section',
    { className: 'stack', id: 'hardship' },
    el('h3', { textContent: 'Financial hardship information' }),
    notice ? el('p', { className: 'hardship-notice', textContent: notice.text }) : null,
    table(
      ['Provider', 'Type', 'Hardship months'],
      withFhi.map((a) => {
        const items = a.hardship_history ?? [];
        const grid = el(
          'div',
          { className: 'history' },
          ...items.map((h) =>
            el('span', {
              className: `h-${h.code}`,
              textContent: h.code,
              title: `${h.month}: ${FHI_TITLE[h.code] ?? h.code}`,
            }),
          ),
        );
        grid.setAttribute('aria-label', `Financial hardship: ${items.map((h) => `${h.month} ${h.code}`).join(', ')}`);
        return [a.provider, human(a.account_type), grid];
      }),
      '',
    ),
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
        title: `${h.month}: ${RHI_TITLE[h.status] ?? h.status}`,
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
    el('div', { className: 'legend' }, '0 current · 1–6 by days overdue (1: 15–29 … 6: 150–179) · X 180 or more'),
    hardship(r),
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
