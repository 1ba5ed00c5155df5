/** CSV bundle: RFC 4180 (CRLF, quoted where needed), a header row, one row per classified transaction. */
import { stringify } from 'csv-stringify/sync';
import type { ApplicationReport } from './application-report.js';

export const CSV_COLUMNS = [
  'transaction_id',
  'account_id',
  'account_name',
  'date',
  'description',
  'amount',
  'balance',
  'category',
] as const;

export function renderTransactionsCsv(report: ApplicationReport): string {
  const names = new Map(report.accounts.map((a) => [a.account_id, a.name]));
  const rows = report.transactions.map((t) => [
    t.transaction_id,
    t.account_id,
    names.get(t.account_id) ?? '',
    t.date,
    t.description,
    t.amount,
    t.balance,
    t.category,
  ]);
  return stringify(rows, { header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' });
}
