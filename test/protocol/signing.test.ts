import { describe, expect, it } from 'vitest';
import { formatAuthorization, parseAuthorization, parseHttpDate, stringToSign } from '../../src/protocol/signing.js';

describe('string to sign', () => {
  it('joins method, Content-MD5, Content-Type, Date and path with query by newlines', () => {
    expect(
      stringToSign({
        method: 'get',
        contentMd5: '1B2M2Y8AsgTpgAmY7PhCfg==',
        contentType: 'application/json',
        date: 'Sun, 22 Nov 2026 00:00:00 GMT',
        pathWithQuery: '/api/v1/applications/app_123/bundle?format=json',
      }),
    ).toBe(
      'GET\n1B2M2Y8AsgTpgAmY7PhCfg==\napplication/json\nSun, 22 Nov 2026 00:00:00 GMT\n/api/v1/applications/app_123/bundle?format=json',
    );
  });

  it('parses only strict IMF-fixdate dates', () => {
    expect(parseHttpDate('Sun, 22 Nov 2026 00:00:00 GMT')).toBe(Date.UTC(2026, 10, 22));
    expect(parseHttpDate('2026-11-22T00:00:00Z')).toBeNull();
    expect(parseHttpDate('Sun, 22 Nov 2026 00:00:00 +0000')).toBeNull();
  });

  it('round-trips the Authorization header and refuses malformed ones', () => {
    const sig = 'A'.repeat(43) + '=';
    expect(parseAuthorization(formatAuthorization('tok_1', sig))).toEqual({ tokenId: 'tok_1', signature: sig });
    expect(parseAuthorization(`Bearer tok_1:${sig}`)).toBeNull();
    expect(parseAuthorization('HMAC tok_1:short')).toBeNull();
    expect(parseAuthorization(`HMAC :${sig}`)).toBeNull();
  });
});
