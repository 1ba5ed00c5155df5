// The server entry's errors: one base class, one guard that checks a brand or a code — never `name` alone.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  HostedJourneyNetworkError,
  HostedJourneyServerError,
  HostedJourneyTimeoutError,
  HostedJourneyValidationError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ServerConfigError,
  SignatureVerificationError,
  isApiError,
  isClientError,
  isHostedJourneyServerError,
  isServerConfigError,
  isSignatureVerificationError,
} from '../../src/server/index.js';
import * as serverEntry from '../../src/server/index.js';

const samples = () => ({
  validation: new HostedJourneyValidationError('op', [{ path: 'x', message: 'bad' }]),
  api: new ApiError({ status: 500, code: 'SERVER_ERROR', message: 'boom' }),
  auth: new AuthenticationError({ status: 401, code: 'UNAUTHORISED', message: 'no' }),
  rate: new RateLimitError({ status: 429, code: 'RATE_LIMITED', message: 'slow down', retryAfter: 2 }),
  timeout: new HostedJourneyTimeoutError('op', 100),
  network: new HostedJourneyNetworkError('op', 'ECONNRESET'),
  tooLarge: new ResponseTooLargeError('op', 10),
  redirect: new RedirectError('op', 302, undefined),
  signature: new SignatureVerificationError('BAD_SIGNATURE', 'no'),
  config: new ServerConfigError('keys', 'no keys'),
});

describe('server errors', () => {
  it('every error is a HostedJourneyServerError with a string code and recognised by the one guard', () => {
    for (const [label, e] of Object.entries(samples())) {
      expect(e, label).toBeInstanceOf(HostedJourneyServerError);
      expect(e, label).toBeInstanceOf(Error);
      expect(typeof e.code, label).toBe('string');
      expect(isHostedJourneyServerError(e), label).toBe(true);
      expect(isHostedJourneyServerError(e, e.name), label).toBe(true);
    }
  });

  it('isClientError(AbortSignal.timeout(1).reason) is false: a platform TimeoutError is not ours', async () => {
    const signal = AbortSignal.timeout(1);
    await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
    const reason: unknown = signal.reason;
    expect((reason as Error).name).toBe('TimeoutError');
    expect(isClientError(reason)).toBe(false);
    expect(isHostedJourneyServerError(reason)).toBe(false);
    const aborted = new AbortController();
    aborted.abort();
    expect(isClientError(aborted.signal.reason)).toBe(false); // AbortError DOMException
  });

  it('a look-alike with our name but no brand and a foreign code is refused; a structured clone with our code is recognised', () => {
    expect(isClientError({ name: 'HostedJourneyTimeoutError', message: 'x' })).toBe(false);
    expect(isClientError({ name: 'HostedJourneyTimeoutError', code: 23 })).toBe(false);
    expect(isClientError({ name: 'HostedJourneyTimeoutError', code: 'ETIMEDOUT' })).toBe(false);
    expect(isSignatureVerificationError({ name: 'SignatureVerificationError', code: 'NOPE' })).toBe(false);
    expect(isApiError({ name: 'ApiError', code: 'X' })).toBe(false); // no status
    const cloned = structuredClone({ name: 'HostedJourneyTimeoutError', code: 'TIMEOUT', message: 'op: no response' });
    expect(isClientError(cloned)).toBe(true);
    expect(isApiError({ name: 'RateLimitError', code: 'RATE_LIMITED', status: 429 })).toBe(true);
  });

  it('kinds narrow, and a kind matches its subclasses', () => {
    const s = samples();
    expect(isApiError(s.auth) && isApiError(s.rate) && isApiError(s.api)).toBe(true);
    expect(isApiError(s.timeout)).toBe(false);
    expect(isHostedJourneyServerError(s.auth, 'ApiError')).toBe(true);
    expect(isHostedJourneyServerError(s.api, 'AuthenticationError')).toBe(false);
    expect(isClientError(s.signature) || isClientError(s.config)).toBe(false);
    expect(isSignatureVerificationError(s.signature) && isServerConfigError(s.config)).toBe(true);
    expect(isServerConfigError(s.signature)).toBe(false);
  });

  it('the brand survives another realm (vm context) and a second copy of the class', () => {
    const foreign = vm.runInNewContext(`
      const e = new Error('x');
      Object.defineProperty(e, Symbol.for('hosted-journey.server.error'), { value: true });
      e.name = 'HostedJourneyNetworkError'; e.code = 'NETWORK'; e;`);
    expect(foreign instanceof Error).toBe(false);
    expect(isClientError(foreign)).toBe(true);
  });

  it('the generic names are prefixed and the historical aliases are gone', () => {
    const names = Object.keys(serverEntry);
    for (const gone of [
      'TimeoutError',
      'NetworkError',
      'ValidationError',
      'WebhookVerificationError',
      'WebhookVerificationErrorCode',
      'isWebhookVerificationError',
    ]) {
      expect(names, gone).not.toContain(gone);
    }
    expect(new HostedJourneyTimeoutError('op', 1).name).toBe('HostedJourneyTimeoutError');
  });
});
