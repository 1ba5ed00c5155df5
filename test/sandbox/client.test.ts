// The backend helper's client (src/server) against the sandbox over real HTTP: the two sides agree on the wire.
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/server/index.js';
import { approveConsent, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  sb = await startTestSandbox();
  client = createClient({ baseUrl: sb.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });
});
afterAll(() => sb.close());

describe('createClient against the sandbox', () => {
  it('open banking: start, attach, consent, approve, finalise, download the PDF bundle', async () => {
    const app = await client.startApplication({
      vendor: 'acme',
      ref: 'cl_1',
      full_name: 'Client Person',
      email: 'cp@example.com',
    });
    await client.attachInstitution({ vendor: 'acme', ref: 'cl_1', bank_id: 'sandbox-bank', pathway: 'cdr' });
    const consent = await client.createConsent({
      vendor: 'acme',
      ref: 'cl_1',
      redirect_uri: 'https://integrator.example/return',
      state: 'xyz',
    });
    expect(new URL(await approveConsent(sb.url, consent.consent_url, 'approve')).searchParams.get('state')).toBe('xyz');
    await sb.waitForStatus('acme', 'cl_1', 'crawled');
    expect((await client.finalise({ vendor: 'acme', ref: 'cl_1' })).status).toBe('finalised');
    const pdf = await client.downloadBundle({ id: app.application_id, format: 'pdf' });
    const parser = new PDFParse({ data: pdf });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('Client Person');
  });

  it('maps sandbox refusals to typed errors with the code and status', async () => {
    const error = await client.finalise({ vendor: 'acme', ref: 'cl_never' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', code: 'APPLICATION_NOT_STARTED', status: 409 });
    const wrong = createClient({ baseUrl: sb.url, tokenId: 'sandbox_token', signingSecret: 'wrong' });
    expect(await wrong.getReport({ enquiry_id: 'enq_1' }).catch((e: unknown) => e)).toMatchObject({
      status: 401,
      code: 'BAD_SIGNATURE',
    });
  });

  it('credit reporting: lodge → report → account → payment → default → update → PDF', async () => {
    const enq = await client.lodgeEnquiry({
      applicant: {
        first_name: 'Cli',
        last_name: 'Ent',
        date_of_birth: '1980-01-01',
        address: { line1: '1 A St', suburb: 'Hobart', state: 'TAS', postcode: '7000' },
      },
      enquiry_type: 'credit_application',
      product: 'car_loan',
      amount: '20000.00',
    });
    const acc = await client.createAccount({
      enquiry_id: enq.enquiry_id,
      account_type: 'car_loan',
      credit_limit: '20000.00',
      opened_on: '2026-01-01',
    });
    const month = new Date().toISOString().slice(0, 7);
    await client.savePayment({ account_id: acc.account_id, month, status: '2' });
    const dft = await client.registerDefault({ account_id: acc.account_id, amount: '300.00', days_overdue: 61 });
    await client.updateDefault({ default_id: dft.default_id, status: 'paid' });
    const report = await client.getReport({ enquiry_id: enq.enquiry_id });
    expect(report.defaults).toHaveLength(1);
    const closed = await client.closeAccount({ account_id: acc.account_id });
    expect(closed.status).toBe('closed');
    const pdf = await client.downloadReport({ enquiry_id: enq.enquiry_id });
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
