// Node environment on purpose: server-side rendering imports the element entry where no DOM exists.
import { describe, expect, it } from 'vitest';

describe('hosted-journey/element in Node (SSR)', () => {
  it('imports without touching HTMLElement, customElements or document, and defines nothing', async () => {
    expect(typeof (globalThis as { HTMLElement?: unknown }).HTMLElement).toBe('undefined');
    const mod = await import('../../src/bindings/element.js');
    expect(typeof mod.HostedJourneyElement).toBe('function');
    expect(mod.defineHostedJourneyElement()).toBeUndefined();
    expect(mod.HostedJourneyElement.observedAttributes).toEqual(
      expect.arrayContaining([
        'vendor',
        'customer-id',
        'journey-origin',
        'mode',
        'start-at',
        'institution-id',
        'collect',
        'primary-colour',
        'bank-authorisation',
        'return-url',
      ]),
    );
  });

  it('maps attributes to options (read through getAttribute, so any Element-like works)', async () => {
    const { optionsFromAttributes } = await import('../../src/bindings/element.js');
    const attrs: Record<string, string> = {
      vendor: 'acme',
      'customer-id': 'cust_1',
      'journey-origin': 'https://journey.example.com',
      mode: 'modal',
      'start-at': 'banks',
      'institution-id': 'cba',
      collect: 'analysis, account_owner',
      'multiple-institutions': '',
      'primary-colour': '#0B5FFF',
      'secondary-colour': 'FFB800',
      font: 'Open Sans',
      title: 'Link your bank',
      'prefill-in': 'query',
      'bank-authorisation': 'redirect',
      'return-url': '/back',
      'min-height': '320',
      'ready-timeout-ms': '5000',
    };
    const element = { getAttribute: (n: string) => attrs[n] ?? null } as unknown as Element;
    expect(optionsFromAttributes(element)).toEqual({
      vendor: 'acme',
      customerId: 'cust_1',
      journeyOrigin: 'https://journey.example.com',
      mode: 'modal',
      startAt: 'banks',
      institutionId: 'cba',
      collect: ['analysis', 'account_owner'],
      multipleInstitutions: true,
      theme: { primaryColour: '#0B5FFF', secondaryColour: 'FFB800', font: 'Open Sans' },
      title: 'Link your bank',
      minHeight: 320,
      readyTimeoutMs: 5000,
      prefillIn: 'query',
      bankAuthorisation: 'redirect',
      returnUrl: '/back',
    });
    attrs['multiple-institutions'] = 'false';
    expect(optionsFromAttributes(element).multipleInstitutions).toBe(false);
  });

  it('still reads the deprecated names `multiple` and `journey-title` when the current ones are absent', async () => {
    const { optionsFromAttributes, HostedJourneyElement } = await import('../../src/bindings/element.js');
    const attrs: Record<string, string> = { multiple: '', 'journey-title': 'Old name' };
    const element = { getAttribute: (n: string) => attrs[n] ?? null } as unknown as Element;
    expect(optionsFromAttributes(element)).toEqual({ multipleInstitutions: true, title: 'Old name' });
    attrs.title = 'New name';
    attrs['multiple-institutions'] = 'false';
    expect(optionsFromAttributes(element)).toEqual({ multipleInstitutions: false, title: 'New name' });
    expect(HostedJourneyElement.observedAttributes).toEqual(
      expect.arrayContaining(['multiple', 'journey-title', 'multiple-institutions', 'title']),
    );
  });
});
