// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autoMount, optionsFromDataset } from '../../src/widget/automount.js';
import { acmeScriptTag, scriptTag } from '../support/script-tag.js';

afterEach(() => document.body.replaceChildren());

describe('optionsFromDataset', () => {
  it('maps every data- attribute to its option', () => {
    const s = scriptTag({
      vendor: 'acme',
      'customer-id': 'cust_1',
      'journey-origin': 'https://journey.example.com',
      container: '#j',
      mode: 'inline',
      'start-at': 'banks',
      'institution-id': 'cba',
      collect: 'analysis, account_owner',
      'multiple-institutions': '',
      'primary-colour': '#0B5FFF',
      'secondary-colour': '#FFB800',
      'background-colour': '#FFFFFF',
      font: 'Open Sans',
      title: 'Link bank',
      'min-height': '300',
      'max-height': '900',
      'ready-timeout-ms': '5000',
      'full-name': 'Alex Citizen',
      email: 'alex@example.com',
      phone: '+61400000000',
      'prefill-in': 'query',
      'bank-authorisation': 'redirect',
      'return-url': '/back',
    });
    expect(optionsFromDataset(s.dataset)).toEqual({
      vendor: 'acme',
      customerId: 'cust_1',
      journeyOrigin: 'https://journey.example.com',
      container: '#j',
      mode: 'inline',
      startAt: 'banks',
      institutionId: 'cba',
      collect: ['analysis', 'account_owner'],
      multipleInstitutions: true,
      theme: { primaryColour: '#0B5FFF', secondaryColour: '#FFB800', backgroundColour: '#FFFFFF', font: 'Open Sans' },
      title: 'Link bank',
      minHeight: 300,
      maxHeight: 900,
      readyTimeoutMs: 5000,
      prefill: { fullName: 'Alex Citizen', email: 'alex@example.com', phone: '+61400000000' },
      prefillIn: 'query',
      bankAuthorisation: 'redirect',
      returnUrl: '/back',
    });
  });
});

describe('autoMount', () => {
  it('does nothing without data-vendor (the global is then for programmatic use)', async () => {
    await expect(autoMount(scriptTag({}))).resolves.toBeNull();
    await expect(autoMount(null)).resolves.toBeNull();
  });

  it('mounts inline into data-container and opens', async () => {
    const c = document.createElement('div');
    c.id = 'j';
    document.body.append(c);
    const handle = await autoMount(acmeScriptTag({ container: '#j' }));
    expect(handle?.state).toBe('loading');
    expect(c.querySelector('iframe')?.getAttribute('src')).toBe(handle?.url);
    handle?.destroy();
  });

  it('reports bad configuration as console.error + a bubbling hosted-journey:error event, never a throw', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events: unknown[] = [];
    document.addEventListener('hosted-journey:error', (e) => events.push((e as CustomEvent).detail));
    const s = acmeScriptTag({ container: '#nowhere' }, 'bad id!');
    await expect(autoMount(s)).resolves.toBeNull();
    expect(events).toEqual([
      {
        code: 'INVALID_CUSTOMER_ID',
        field: 'customerId',
        attribute: 'data-customer-id',
        message: "data-customer-id must be 1 to 255 letters, digits, '-' or '_'; got 'bad id!'.",
      },
    ]);
    expect(String(errors.mock.calls[0]?.[0])).toContain('INVALID_CUSTOMER_ID');
    errors.mockRestore();
  });

  it('with data-trigger, a modal opens on click of that element', async () => {
    const button = document.createElement('button');
    button.id = 'connect';
    document.body.append(button);
    const handle = await autoMount(acmeScriptTag({ trigger: '#connect' }));
    expect(handle?.state).toBe('idle');
    button.click();
    expect(handle?.state).toBe('loading');
    handle?.destroy();
  });
});
