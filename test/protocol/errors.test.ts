import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isJourneyConfigError, JourneyConfigError, JourneyConfigErrorCode } from '../../src/widget/index.js';
import * as child from '../../src/child/index.js';

// The browser entries' one error class and its guard; the guard checks the brand or a code, never `name` alone.
describe('browser errors: JourneyConfigError and isJourneyConfigError', () => {
  const error = new JourneyConfigError(JourneyConfigErrorCode.VENDOR, 'vendor', 'vendor is required.');

  it('the browser error is an Error and carries the brand', () => {
    expect(error).toBeInstanceOf(Error);
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for('hosted-journey.browser.error')]).toBe(true);
    expect(Object.keys(error)).not.toContain(Symbol.for('hosted-journey.browser.error').toString()); // not enumerable
    expect(isJourneyConfigError(error)).toBe(true);
  });

  it('a platform error, or any object, with our name but no brand and none of our codes is not ours', () => {
    for (const value of [
      new DOMException('t', 'TimeoutError'), // what AbortSignal.timeout() aborts with
      Object.assign(new Error('x'), { name: 'JourneyConfigError' }),
      { name: 'JourneyConfigError', code: 'SOMETHING_ELSE' },
      { name: 'JourneyConfigError' },
      { name: 'HostedJourneyError', code: 'INVALID_OPTION' },
      { name: 'toString', code: 'INVALID_OPTION' },
      null,
      'JourneyConfigError',
    ]) {
      expect(isJourneyConfigError(value)).toBe(false);
    }
  });

  it('a structured clone (no prototype, no brand) is recognised by name AND one of its codes', () => {
    const clone = structuredClone({ name: error.name, code: error.code, field: error.field, message: error.message });
    expect(isJourneyConfigError(clone)).toBe(true);
    expect(
      isJourneyConfigError(JSON.parse(JSON.stringify({ name: 'JourneyConfigError', code: 'INVALID_OPTION' }))),
    ).toBe(true);
  });

  it('works across realms: the brand is a Symbol.for, shared by every realm', () => {
    const foreign = runInNewContext(
      `class E extends Error { get [Symbol.for('hosted-journey.browser.error')]() { return true; } }
       const e = new E('m'); e.name = 'JourneyConfigError'; e.code = 'ANY_CODE_FROM_A_NEWER_COPY'; e`,
    );
    expect(foreign instanceof Error).toBe(false);
    expect(isJourneyConfigError(foreign)).toBe(true);
  });

  it('the journey bridge entry exports the same class and guard (one error class per browser side)', () => {
    expect(child.JourneyConfigError).toBe(JourneyConfigError);
    expect(child.isJourneyConfigError).toBe(isJourneyConfigError);
  });
});
