// @vitest-environment happy-dom
// Copy and look: the journey and the sandbox bank page say the same history period and the vendor's
// display name. This is the journey's half, rendered (Preact, happy-dom); the bank page's half, over real HTTP, is
// test/sandbox/bank-page-copy.test.ts.
import { readFileSync } from 'node:fs';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { JourneyRenewalBody } from '../../src/protocol/journey-api.js';
import { parseJourneyUrl } from '../../src/protocol/url.js';
import { JourneyApp } from '../../src/sandbox/journey/browser/app.js';
import { consentCopy, HISTORY_DAYS, vendorDisplayName } from '../../src/protocol/journey-copy.js';

const { period, duration } = consentCopy('en-AU');
import type { JourneyApi } from '../../src/sandbox/journey/browser/api-client.js';
import { AuthoriseStep } from '../../src/sandbox/journey/browser/steps/authorise.js';
import { DoneStep, ExitedStep } from '../../src/sandbox/journey/browser/steps/outcome.js';
import { RenewedStep } from '../../src/sandbox/journey/browser/steps/renew.js';
import type { JourneyBridge } from '../../src/sandbox/journey/browser/types.js';

const bridge: JourneyBridge = {
  framed: false,
  connected: new Promise(() => undefined),
  whenVisible: () => Promise.resolve(),
  visible: true,
  emit: () => undefined,
  on: () => () => undefined,
  onClose: () => () => undefined,
};
const institution = { id: 'sandbox-bank', name: 'Sandbox Bank', pathways: ['cdr' as const], colour: '#0B5FFF' };
const api = { status: async () => null, institutions: async () => [institution] } as unknown as JourneyApi;

afterEach(() => cleanup());

describe('the vendor display name', () => {
  it('is derived from the label', () => {
    expect(vendorDisplayName('acme')).toBe('Acme');
    expect(vendorDisplayName('acme-lending_au')).toBe('Acme Lending Au');
  });

  it('the journey header and its body text both say "Acme" for vendor acme (no CSS capitalisation)', async () => {
    const url = parseJourneyUrl('https://journey.example/i/acme-lending/r_1')!;
    const config = { vendor: 'acme-lending', ref: 'r_1', apiBase: '/journey-api', status: null, institutions: [] };
    const { container } = render(<JourneyApp ctx={{ config, url, bridge, api }} />);
    await screen.findByRole('heading', { name: 'Share your bank statements securely' });
    expect(container.querySelector('.hj-brand')!.textContent).toBe('Acme Lending');
    const body = container.querySelector('main')!.textContent!;
    expect(body).toContain('Acme Lending uses this secure service');
    expect(body).toContain('your application with Acme Lending');
    expect(body).not.toMatch(/acme-lending/);
    expect(readFileSync('src/sandbox/journey/browser/journey.css', 'utf8')).not.toMatch(/text-transform:\s*capitalize/);
  });

  it('the done step thanks the display name', () => {
    const { container } = render(<DoneStep framed={false} vendor={vendorDisplayName('acme')} />);
    expect(container.textContent).toContain('shared with Acme. You can close this window.');
  });

  it('the done, renewed and exited steps in a frame (inline or modal) never say to close a window: the page is not theirs', () => {
    const done = render(<DoneStep framed vendor={vendorDisplayName('acme')} />).container.textContent;
    expect(done).toContain('shared with Acme. You can carry on with your application.');
    const renewal: JourneyRenewalBody = {
      consent_id: 'cns_1',
      application_id: 'app_1',
      status: 'active',
      renewable: true,
      institution: { id: 'sandbox-bank', name: 'Sandbox Bank' },
      accounts: [],
      sharing_days: 365,
      sharing_expires_at: '2027-11-27T00:00:00.000Z',
      max_sharing_days: 365,
    };
    const renewed = (framed: boolean) =>
      render(<RenewedStep framed={framed} vendor="Acme" renewal={renewal} />).container.textContent;
    expect(renewed(false)).toMatch(/You can close this window\.$/);
    expect(renewed(true)).toContain('You can carry on with your application.');
    const exited = render(<ExitedStep framed onResume={() => undefined} />).container.textContent;
    for (const text of [done, renewed(true), exited]) expect(text).not.toMatch(/close this window/i);
  });
});

describe('the history period', () => {
  it(`the journey's consent summary says "${period}", and its terms ${HISTORY_DAYS} days`, async () => {
    const step = render(
      <AuthoriseStep
        institution={institution}
        consentId="cns_1"
        consentUrl="https://bank.example/authorise"
        bridge={bridge}
        api={api}
        vendor="acme"
        ref="r_1"
        onResult={() => undefined}
      />,
    );
    const rows = [...step.container.querySelectorAll('.hj-shared .hj-period')].map((p) => p.textContent);
    expect(period).toBe('Transactions from the last 90 days, read-only');
    expect(rows).toEqual([period, duration]);
    expect(step.container.textContent).not.toMatch(/12 months/);
    cleanup();

    const url = parseJourneyUrl('https://journey.example/i/acme/r_2')!;
    const config = { vendor: 'acme', ref: 'r_2', apiBase: '/journey-api', status: null, institutions: [] };
    const app = render(<JourneyApp ctx={{ config, url, bridge, api }} />);
    await waitFor(() => expect(app.container.querySelector('.hj-terms')).not.toBeNull());
    expect(app.container.querySelector('.hj-terms')!.textContent).toContain(
      `${HISTORY_DAYS} days of transaction history`,
    );
  });
});
