// The bundle in its three formats, fetched over signed HTTP and parsed back with real parsers.
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
let id: string;
let report: any;
beforeAll(async () => {
  sb = await startTestSandbox();
  id = await sb.driveToCrawled('acme', 'bundle_1');
  await sb.request('POST', '/api/v1/acme/bundle_1/profile', { full_name: 'Morgan Bundle' });
  await sb.request('POST', '/api/v1/acme/bundle_1/finalise', {});
  report = (await sb.request('GET', `/api/v1/applications/${id}/bundle?format=json`)).json;
});
afterAll(() => sb.close());

describe('bundle', () => {
  it('JSON is the full report: customer, ≥ 90 days, hundreds of classified transactions with decimal-string amounts', () => {
    expect(report.customer.full_name).toBe('Morgan Bundle');
    const days = (Date.parse(report.period.to) - Date.parse(report.period.from)) / 86_400_000 + 1;
    expect(days).toBeGreaterThanOrEqual(90);
    expect(report.transactions.length).toBeGreaterThanOrEqual(200);
    for (const t of report.transactions) {
      expect(t.amount).toMatch(/^-?\d+\.\d{2}$/);
      expect(t.category).toEqual(expect.any(String));
    }
    const categories = new Set(report.transactions.map((t: { category: string }) => t.category));
    for (const c of ['wages', 'rent', 'groceries', 'utilities', 'transfers', 'dining', 'transport'])
      expect(categories).toContain(c);
    const counted = report.summary.categories.reduce((n: number, c: { count: number }) => n + c.count, 0);
    expect(counted).toBe(report.transactions.length);
  });

  it('CSV parses with csv-parse: a header row and one row per JSON transaction, values matching', async () => {
    const res = await sb.request('GET', `/api/v1/applications/${id}/bundle?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.text).toContain('\r\n'); // RFC 4180 line breaks
    const rows: Record<string, string>[] = parse(res.text, { columns: true });
    expect(rows).toHaveLength(report.transactions.length);
    expect(rows[0]).toMatchObject({
      transaction_id: report.transactions[0].transaction_id,
      amount: report.transactions[0].amount,
      description: report.transactions[0].description,
      category: report.transactions[0].category,
    });
  });

  it('PDF parses with pdf-parse and contains the customer and their transactions', async () => {
    const res = await sb.request('GET', `/api/v1/applications/${id}/bundle?format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(res.bytes) });
    const { text, total } = await parser.getText();
    await parser.destroy();
    expect(total).toBeGreaterThan(2);
    expect(text).toContain('Morgan Bundle');
    for (const t of [
      report.transactions[0],
      report.transactions[Math.floor(report.transactions.length / 2)],
      report.transactions.at(-1),
    ]) {
      expect(text).toContain(t.amount);
      expect(text).toContain(t.date);
    }
    const descriptions = report.transactions.map((t: { description: string }) => t.description);
    const found = descriptions.filter((d: string) => text.includes(d)).length;
    expect(found / descriptions.length).toBeGreaterThan(0.95);
  });

  it('is the same data for the same seed and customer (deterministic), different for another customer', async () => {
    const other = await startTestSandbox();
    try {
      const id2 = await other.driveToCrawled('acme', 'bundle_1');
      await other.request('POST', '/api/v1/acme/bundle_1/finalise', {});
      const again = (await other.request('GET', `/api/v1/applications/${id2}/bundle?format=json`)).json;
      expect(again.transactions).toEqual(report.transactions);
      const id3 = await other.driveToCrawled('acme', 'bundle_2');
      await other.request('POST', '/api/v1/acme/bundle_2/finalise', {});
      const another = (await other.request('GET', `/api/v1/applications/${id3}/bundle?format=json`)).json;
      expect(another.transactions).not.toEqual(report.transactions);
    } finally {
      await other.close();
    }
  });
});
