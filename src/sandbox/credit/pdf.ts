/**
 * The credit report as a PDF (`GET /enquiry/downloadreport`). Financial hardship information has a section of its
 * own, apart from each account's repayment history, opened by the notice the consumer must be given. Words: words.ts.
 */
import { type Doc, heading, keyValues, monospaceRows, paragraph, renderPdf, table } from '../reports/pdf-doc.js';
import type { CreditReport } from './credit-report.js';
import { CREDIT_REPORT_WORDS as W } from './words.js';

/** Months per printed row (`2026-06:0`, 9 characters each): a half-year, well inside A4's width at 8 pt. */
const MONTHS_PER_ROW = 6;

const columns = (headers: readonly string[], widths: number[], right: number[]) =>
  headers.map((header, i) => ({
    header,
    width: widths[i]!,
    align: right.includes(i) ? ('right' as const) : undefined,
  }));

function applicantAndEnquiries(doc: Doc, report: CreditReport): void {
  const a = report.applicant;
  heading(doc, W.applicant);
  keyValues(doc, [
    [W.name, `${a.first_name} ${a.last_name}`],
    [W.dateOfBirth, a.date_of_birth],
    [W.address, `${a.address.line1}, ${a.address.suburb} ${a.address.state} ${a.address.postcode}`],
    [W.enquiry, report.enquiry_id],
    [W.creditScore, `${report.score} (${report.score_band.replace('_', ' ')})`],
  ]);
  heading(doc, W.enquiries);
  table(
    doc,
    columns(W.enquiryColumns, [80, 140, 110, 90, 80], [4]),
    report.enquiries.map((e) => [e.date, e.enquirer, e.enquiry_type, e.product, e.amount]),
  );
}

function accounts(doc: Doc, report: CreditReport): void {
  heading(doc, W.accounts);
  for (const acc of report.accounts) {
    keyValues(doc, [
      [
        W.hardshipAccount(acc.provider, acc.account_type),
        W.accountLine(acc.credit_limit, acc.opened_on, acc.status, acc.closed_on),
      ],
    ]);
    const history = acc.repayment_history.map((h) => `${h.month}:${h.status}`);
    paragraph(doc, W.repaymentHistory, 8);
    monospaceRows(doc, history.length > 0 ? history : [W.noRepaymentHistory], MONTHS_PER_ROW);
    doc.font('Helvetica').fontSize(9).moveDown(0.4);
  }
}

/** Only when the report holds FHI: the notice, then each account's hardship months. */
function hardship(doc: Doc, report: CreditReport): void {
  const withFhi = report.accounts.filter((a) => a.hardship_history.length > 0);
  if (withFhi.length === 0) return;
  heading(doc, W.hardship);
  paragraph(doc, W.hardshipNotice);
  doc.moveDown(0.4);
  for (const acc of withFhi) {
    keyValues(doc, [[W.hardshipAccount(acc.provider, acc.account_type), acc.account_id]]);
    monospaceRows(
      doc,
      acc.hardship_history.map((h) => `${h.month}:${h.code}`),
      MONTHS_PER_ROW,
    );
    doc.font('Helvetica').fontSize(9).moveDown(0.4);
  }
}

function defaults(doc: Doc, report: CreditReport): void {
  heading(doc, W.defaults);
  if (report.defaults.length === 0) doc.text(W.noDefaults);
  else
    table(
      doc,
      columns(W.defaultColumns, [170, 150, 60, 40, 80], [2, 3]),
      report.defaults.map((d) => [d.default_id, d.account_id, d.amount, String(d.days_overdue), d.status]),
    );
}

export function renderCreditReportPdf(report: CreditReport): Promise<Buffer> {
  return renderPdf(`${W.title} ${report.enquiry_id}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(20).fillColor('#0B5FFF').text(W.title);
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(W.generated(report.generated_at));
    applicantAndEnquiries(doc, report);
    accounts(doc, report);
    hardship(doc, report);
    defaults(doc, report);
  });
}
