/** The credit report as a PDF (`GET /enquiry/downloadreport`). */
import { heading, keyValues, renderPdf, table } from '../reports/pdf-doc.js';
import type { CreditReport } from './credit-report.js';

export function renderCreditReportPdf(report: CreditReport): Promise<Buffer> {
  const a = report.applicant;
  return renderPdf(`Credit report ${report.enquiry_id}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(20).fillColor('#0B5FFF').text('Credit report');
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(`Sandbox data · generated ${report.generated_at}`);
    heading(doc, 'Applicant');
    keyValues(doc, [
      ['Name', `${a.first_name} ${a.last_name}`],
      ['Date of birth', a.date_of_birth],
      ['Address', `${a.address.line1}, ${a.address.suburb} ${a.address.state} ${a.address.postcode}`],
      ['Enquiry', report.enquiry_id],
      ['Credit score', `${report.score} (${report.score_band.replace('_', ' ')})`],
    ]);
    heading(doc, 'Enquiries');
    table(
      doc,
      [
        { header: 'Date', width: 80 },
        { header: 'Enquirer', width: 140 },
        { header: 'Type', width: 110 },
        { header: 'Product', width: 90 },
        { header: 'Amount', width: 80, align: 'right' },
      ],
      report.enquiries.map((e) => [e.date, e.enquirer, e.enquiry_type, e.product, e.amount]),
    );
    heading(doc, 'Accounts');
    for (const acc of report.accounts) {
      keyValues(doc, [
        [
          `${acc.provider} · ${acc.account_type}`,
          `limit $${acc.credit_limit}, opened ${acc.opened_on}, ${acc.status}` +
            (acc.closed_on ? ` ${acc.closed_on}` : ''),
        ],
      ]);
      const history = acc.repayment_history.map((h) => `${h.month}:${h.status}`).join('  ');
      doc
        .font('Courier')
        .fontSize(7)
        .text(history || '(no repayment history reported)', { width: 500 });
      doc.font('Helvetica').fontSize(9).moveDown(0.4);
    }
    heading(doc, 'Defaults');
    if (report.defaults.length === 0) doc.text('No defaults listed.');
    else
      table(
        doc,
        [
          { header: 'Default', width: 170 },
          { header: 'Account', width: 150 },
          { header: 'Amount', width: 60, align: 'right' },
          { header: 'Days', width: 40, align: 'right' },
          { header: 'Status', width: 80 },
        ],
        report.defaults.map((d) => [d.default_id, d.account_id, d.amount, String(d.days_overdue), d.status]),
      );
  });
}
