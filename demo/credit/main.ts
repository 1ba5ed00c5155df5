/**
 * The credit-reporting page: lodge → report → create account → save payments, with a hardship arrangement (three months
 * of `A`, then a `V`) → register default (with the refusal under $150 / 60 days) → update/close. Calls the demo server,
 * which signs each call with the backend helper.
 */
import { el } from '../dom.js';
import { renderReport, type Report } from './view.js';

const root = document.getElementById('credit')!;

const wizard = document.getElementById('wizard')!;
const state: { enquiryId?: string; accountId?: string; defaultId?: string } = {};

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    path,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const json = (await res.json().catch(() => ({}))) as T & {
    error?: { code: string; message: string; fields?: { path: string; message: string }[] };
  };
  if (!res.ok) {
    const e = json.error;
    const fields = e?.fields?.filter((f) => !e.message.includes(f.message)) ?? [];
    throw new Error(
      e
        ? `${e.message}${fields.length ? ` (${fields.map((f) => `${f.path}: ${f.message}`).join('; ')})` : ''}`
        : `HTTP ${res.status}`,
    );
  }
  return json;
}

function mark(step: string) {
  const order = ['lodge', 'report', 'account', 'payments', 'default', 'close'];
  const at = order.indexOf(step);
  wizard.querySelectorAll('li').forEach((li) => {
    const i = order.indexOf(li.dataset.w ?? '');
    li.className = i < at ? 'done' : i === at ? 'now' : '';
  });
}

function field(label: string, name: string, value: string, type = 'text'): HTMLLabelElement {
  const input = document.createElement('input');
  Object.assign(input, { name, value, type, required: true });
  return el('label', {}, label, input);
}
function select(label: string, name: string, options: string[], value?: string): HTMLLabelElement {
  const s = document.createElement('select');
  s.name = name;
  for (const o of options) {
    const opt = document.createElement('option');
    opt.value = o;
    opt.textContent = o.replace(/_/g, ' ');
    opt.selected = o === value;
    s.append(opt);
  }
  return el('label', {}, label, s);
}
function form(
  id: string,
  title: string,
  intro: string,
  fields: HTMLElement[],
  submit: string,
  onSubmit: (data: FormData, out: HTMLElement) => Promise<void>,
): HTMLFormElement {
  const out = el('div', { role: 'status' });
  const button = el('button', { type: 'submit', textContent: submit });
  const f = el(
    'form',
    { className: 'card stack', id },
    el('h2', { textContent: title }),
    el('p', { className: 'muted', textContent: intro }),
    el('div', { className: 'fields' }, ...fields),
    el('div', { className: 'row' }, button),
    out,
  );
  f.addEventListener('submit', async (e) => {
    e.preventDefault();
    button.disabled = true;
    out.replaceChildren();
    try {
      await onSubmit(new FormData(f), out);
    } catch (err) {
      out.replaceChildren(el('div', { className: 'error', role: 'alert', textContent: (err as Error).message }));
    } finally {
      button.disabled = false;
    }
  });
  return f;
}
const ok = (text: string) => el('div', { className: 'okbox', textContent: text });
const str = (d: FormData, k: string) => String(d.get(k) ?? '');
/**
 * The `n` months before the current one, oldest first, in UTC as the service counts them. Credit reports are dated on
 * the sandbox's own `now`, which no token's clock advance moves: after the Connections page moved a clock, these months
 * are still the ones a report keeps.
 */
const months = (n: number) => {
  const out: string[] = [];
  const today = new Date();
  for (let i = n; i >= 1; i--) {
    const m = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - i, 1));
    out.push(m.toISOString().slice(0, 7));
  }
  return out;
};

async function refreshReport() {
  const report = await api<Report>('/api/credit/report', { enquiry_id: state.enquiryId });
  const node = renderReport(report, `/api/credit/report.pdf?enquiry_id=${encodeURIComponent(state.enquiryId!)}`);
  (document.getElementById('report') ?? root.appendChild(el('div', { id: 'report' }))).replaceWith(node);
}

const lodge = form(
  'lodge',
  'Lodge a credit enquiry',
  'The applicant’s identity and what they applied for.',
  [
    field('First name', 'first_name', 'Alex'),
    field('Last name', 'last_name', 'Citizen'),
    field('Date of birth', 'date_of_birth', '1988-04-12', 'date'),
    field('Street', 'line1', '1 George St'),
    field('Suburb', 'suburb', 'Sydney'),
    select('State', 'state', ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'], 'NSW'),
    field('Postcode', 'postcode', '2000'),
    select('Product', 'product', ['personal_loan', 'credit_card', 'home_loan', 'car_loan', 'bnpl']),
    field('Amount ($)', 'amount', '15000.00'),
  ],
  'Lodge enquiry',
  async (d, out) => {
    const res = await api<{ enquiry_id: string }>('/api/credit/lodge', {
      applicant: {
        first_name: str(d, 'first_name'),
        last_name: str(d, 'last_name'),
        date_of_birth: str(d, 'date_of_birth'),
        address: {
          line1: str(d, 'line1'),
          suburb: str(d, 'suburb'),
          state: str(d, 'state'),
          postcode: str(d, 'postcode'),
        },
      },
      enquiry_type: 'credit_application',
      product: str(d, 'product'),
      amount: str(d, 'amount'),
    });
    state.enquiryId = res.enquiry_id;
    out.replaceChildren(ok(`Enquiry ${res.enquiry_id} lodged.`));
    mark('report');
    await refreshReport();
    mark('account');
    root.append(account);
  },
);

const account = form(
  'account',
  'Open the account',
  'Report the loan you granted as a new account.',
  [
    select('Type', 'account_type', ['personal_loan', 'credit_card', 'car_loan']),
    field('Credit limit ($)', 'credit_limit', '15000.00'),
    field('Opened on', 'opened_on', `${months(6)[0]}-01`, 'date'),
  ],
  'Create account',
  async (d, out) => {
    const res = await api<{ account_id: string }>('/api/credit/account', {
      enquiry_id: state.enquiryId,
      account_type: str(d, 'account_type'),
      credit_limit: str(d, 'credit_limit'),
      opened_on: str(d, 'opened_on'),
    });
    state.accountId = res.account_id;
    out.replaceChildren(ok(`Account ${res.account_id} created.`));
    await refreshReport();
    mark('payments');
    root.append(payments);
  },
);

const CODES = ['0', '1', '2', '3', '4', '5', '6', 'X'];
const PLAN = ['0', '1', '0', '0', '0', '0'];
/** Hardship of each month: none, then a temporary arrangement for three months, then a permanent variation. */
const HARDSHIP = ['none', 'A', 'V'];
const HARDSHIP_PLAN = ['none', 'none', 'A', 'A', 'A', 'V'];
const arrangement = (code: string) => (code === 'A' ? 'demo-temporary' : 'demo-variation');
const payments = form(
  'payments',
  'Report monthly repayments',
  'Each month: its repayment status (0 = current, 1–6 and X = by days overdue) and, under a hardship arrangement, ' +
    'A (temporary arrangement, every month it runs) or V (permanent variation, once).',
  months(6).flatMap((m, i) => [
    select(`${m} status`, `m_${m}`, CODES, PLAN[i]),
    select(`${m} hardship`, `h_${m}`, HARDSHIP, HARDSHIP_PLAN[i]),
  ]),
  'Save payments',
  async (d, out) => {
    for (const m of months(6)) {
      const code = str(d, `h_${m}`);
      const hardship = code === 'none' ? undefined : { code, arrangement_id: arrangement(code) };
      await api('/api/credit/payment', { account_id: state.accountId, month: m, status: str(d, `m_${m}`), hardship });
    }
    out.replaceChildren(ok('Six months of repayment history and hardship saved.'));
    await refreshReport();
    mark('default');
    root.append(defaultForm);
  },
);

const defaultForm = form(
  'default',
  'Register a default',
  'A default can be listed only when at least $150 has been overdue for at least 60 days.',
  [field('Amount overdue ($)', 'amount', '120.00'), field('Days overdue', 'days_overdue', '30', 'number')],
  'Register default',
  async (d, out) => {
    const res = await api<{ default_id: string }>('/api/credit/default', {
      account_id: state.accountId,
      amount: str(d, 'amount'),
      days_overdue: Number(str(d, 'days_overdue')),
    });
    state.defaultId = res.default_id;
    out.replaceChildren(ok(`Default ${res.default_id} listed.`));
    await refreshReport();
    mark('close');
    root.append(close);
  },
);

const close = form(
  'close',
  'Update and close',
  'The customer paid the overdue amount: mark the default paid and close the account.',
  [],
  'Mark default paid and close account',
  async (_d, out) => {
    await api('/api/credit/default/update', { default_id: state.defaultId, status: 'paid' });
    await api('/api/credit/account/update', {
      account_id: state.accountId,
      status: 'closed',
      closed_on: new Date().toISOString().slice(0, 10),
    });
    out.replaceChildren(ok('Default marked paid; account closed.'));
    await refreshReport();
  },
);

mark('lodge');
root.append(lodge);
