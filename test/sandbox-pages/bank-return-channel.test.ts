// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BANK_RETURN_TYPE,
  listenForBankReturn,
  loadPendingConsent,
  saveBankResult,
  savePendingConsent,
  takeBankResult,
} from '../../src/sandbox/journey/browser/bank-return-channel.js';
import { contrastText } from '../../src/sandbox/journey/browser/theme.js';

const msg = (consentId: string, status: 'authorised' | 'denied' = 'authorised') => ({
  type: BANK_RETURN_TYPE,
  consentId,
  status,
  params: { consent_id: consentId, status },
});

afterEach(() => sessionStorage.clear());

describe('listenForBankReturn', () => {
  it('takes the answer for its consent from its own origin, once', () => {
    const fn = vi.fn();
    const stop = listenForBankReturn('cns_1', fn);
    window.dispatchEvent(new MessageEvent('message', { data: msg('cns_1'), origin: location.origin }));
    window.dispatchEvent(new MessageEvent('message', { data: msg('cns_1', 'denied'), origin: location.origin }));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn.mock.calls[0]![0].status).toBe('authorised');
    stop();
  });

  it('ignores a forged answer from another origin (a page that framed or opened the journey)', () => {
    const fn = vi.fn();
    const stop = listenForBankReturn('cns_1', fn);
    window.dispatchEvent(new MessageEvent('message', { data: msg('cns_1'), origin: 'https://evil.example' }));
    expect(fn).not.toHaveBeenCalled();
    stop();
  });

  it('ignores answers for another consent and malformed messages', () => {
    const fn = vi.fn();
    const stop = listenForBankReturn('cns_1', fn);
    for (const data of [msg('cns_2'), { ...msg('cns_1'), status: 'maybe' }, { type: 'other' }, 'authorised', null]) {
      window.dispatchEvent(new MessageEvent('message', { data, origin: location.origin }));
    }
    expect(fn).not.toHaveBeenCalled();
    stop();
  });
});

describe('top-level round trip storage', () => {
  it('stores the result for the journey and consumes it once', () => {
    savePendingConsent('acme', 'c1', {
      consentId: 'cns_1',
      institutionId: 'sandbox-bank',
      returnTo: '/i/acme/c1/banks',
    });
    saveBankResult('acme', 'c1', msg('cns_1', 'denied'));
    expect(takeBankResult('acme', 'c1')?.status).toBe('denied');
    expect(takeBankResult('acme', 'c1')).toBeUndefined();
    expect(loadPendingConsent('acme', 'c1')).toBeUndefined();
  });

  it('refuses a stored return path that would leave the origin (open redirect)', () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)']) {
      savePendingConsent('acme', 'c1', { consentId: 'cns_1', institutionId: 'b', returnTo });
      expect(loadPendingConsent('acme', 'c1')).toBeUndefined();
    }
  });
});

describe('contrastText', () => {
  it('picks readable text for light and dark brand colours', () => {
    expect(contrastText('#FFFFFF')).toBe('#111827');
    expect(contrastText('#FFB800')).toBe('#111827');
    expect(contrastText('#0B5FFF')).toBe('#ffffff');
    expect(contrastText('#166534')).toBe('#ffffff');
  });
});
