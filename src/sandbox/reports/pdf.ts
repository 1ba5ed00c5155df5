/** The PDF bundle: a summary, then tables of categories, accounts and every classified transaction. */
import { heading, keyValues, renderPdf, table } from './pdf-doc.js';
import type { ApplicationReport } from './application-report.js';

const label = (category: string) => category.replace(/_/g, ' ');

export function renderApplicationPdf(report: ApplicationReport): Promise<Buffer> {
  return renderPdf(`Bank statement report ${report.application_id}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(20).fillColor('#0B5FFF').text('Bank statement report');
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(`Sandbox data · generated ${report.generated_at}`);
    heading(doc, 'Summary');
    const s = report.summary;
    keyValues(doc, [
      ['Customer', report.customer.full_name ?? '(not given)'],
      ['Email', report.customer.email ?? '(not given)'],
      ['Application', report.application_id],
      ['Reference', `${report.vendor} / ${report.ref}`],
      ['Institution', `${report.institution.name} (${report.institution.pathway})`],
      ['Period', `${report.period.from} to ${report.period.to}`],
      ['Accounts / transactions', `${s.accounts} / ${s.transactions}`],
      ['Total income', `$${s.total_income}`],
      ['Total expenses', `$${s.total_expenses}`],
      ['Average monthly income', `$${s.monthly_income}`],
      ['Gambling spend', `$${s.gambling_spend}`],
      ['Buy now pay later spend', `$${s.bnpl_spend}`],
    ]);
    heading(doc, 'Categories');
    table(
      doc,
      [
        { header: 'Category', width: 200 },
        { header: 'Transactions', width: 90, align: 'right' },
        { header: 'Money in', width: 105, align: 'right' },
        { header: 'Money out', width: 105, align: 'right' },
      ],
      s.categories.map((c) => [label(c.category), String(c.count), c.credits, c.debits]),
    );
    heading(doc, 'Accounts');
    table(
      doc,
      [
        { header: 'Account', width: 150 },
        { header: 'BSB', width: 70 },
        { header: 'Number', width: 90 },
        { header: 'Current', width: 95, align: 'right' },
        { header: 'Available', width: 95, align: 'right' },
      ],
      report.accounts.map((a) => [a.name, a.bsb, a.account_number, a.current_balance, a.available_balance]),
    );
    doc.addPage();
    heading(doc, 'Transactions');
    const names = new Map(report.accounts.map((a) => [a.account_id, a.name.split(' ')[0]!]));
    table(
      doc,
      [
        { header: 'Date', width: 62 },
        { header: 'Account', width: 58 },
        { header: 'Description', width: 188 },
        { header: 'Category', width: 90 },
        { header: 'Amount', width: 50, align: 'right' },
        { header: 'Balance', width: 50, align: 'right' },
      ],
      report.transactions.map((t) => [
        t.date,
        names.get(t.account_id) ?? '',
        t.description,
        label(t.category),
        t.amount,
        t.balance,
      ]),
    );
  });
}
