import { describe, expect, it } from 'vitest';
import {
  buildBankRedirectUrl,
  buildJourneyUrl,
  checkPrefill,
  isJourneyConfigError,
  MAX_URL_LENGTH,
  parseBankRedirectPath,
  parseJourneyUrl,
  type JourneyUrlOptions,
} from '../../src/protocol/index.js';

const base: JourneyUrlOptions = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com' };
const build = (extra: Partial<JourneyUrlOptions>) => buildJourneyUrl({ ...base, ...extra } as JourneyUrlOptions);
const CHANNEL = 'chan_dddddddddddd';

describe('buildJourneyUrl options', () => {
  it('builds {origin}/i/{vendor}/{customerId} with nothing else by default', () => {
    expect(buildJourneyUrl(base)).toBe('https://journey.example.com/i/acme/cust_1');
  });

  it.each([
    [{ startAt: 'terms' }, '/i/acme/cust_1/tnc'],
    [{ startAt: 'mygov' }, '/i/acme/cust_1/do_mygov'],
    [{ startAt: 'banks' }, '/i/acme/cust_1/banks'],
    [{ institutionId: 'cba' }, '/i/acme/cust_1/banks/cba'],
    [{ startAt: 'banks', institutionId: 'cba' }, '/i/acme/cust_1/banks/cba'],
  ] as const)('deep link %j → %s', (extra, path) => {
    expect(new URL(build(extra)).pathname).toBe(path);
  });

  it('collect is repeatable and de-duplicated; multiple=true only when asked', () => {
    const q = new URL(build({ collect: ['analysis', 'account_owner', 'analysis'], multipleInstitutions: true }))
      .searchParams;
    expect(q.getAll('collect')).toEqual(['analysis', 'account_owner']);
    expect(q.get('multiple')).toBe('true');
    expect(new URL(build({ multipleInstitutions: false })).searchParams.has('multiple')).toBe(false);
  });

  it('theme colours become RRGGBB (secondary spelt "color"), font passes through', () => {
    const q = new URL(
      build({
        theme: { primaryColour: '#0b5fff', secondaryColour: 'fb0', backgroundColour: '#FFFFFF', font: 'Open Sans' },
      }),
    ).searchParams;
    expect(q.get('primary_colour')).toBe('0B5FFF');
    expect(q.get('secondary_color')).toBe('FFBB00');
    expect(q.get('background_colour')).toBe('FFFFFF');
    expect(q.get('font')).toBe('Open Sans');
  });

  it('parent_origin and channel are set; prefill stays out unless prefillIn is query', () => {
    const prefill = { fullName: 'Alex Citizen', email: 'alex@example.com', phone: '+61400000000' };
    const handshake = build({ parentOrigin: 'http://127.0.0.1:5173', channel: CHANNEL, prefill });
    expect(new URL(handshake).searchParams.get('parent_origin')).toBe('http://127.0.0.1:5173');
    expect(new URL(handshake).searchParams.get('channel')).toBe(CHANNEL);
    expect(handshake).not.toMatch(/Alex|alex|61400/);
    const q = new URL(build({ prefill, prefillIn: 'query' })).searchParams;
    expect([q.get('full_name'), q.get('email'), q.get('phone')]).toEqual([
      'Alex Citizen',
      'alex@example.com',
      '+61400000000',
    ]);
  });

  it('accepts http only on loopback origins', () => {
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.0.0.2:8080',
      'http://127.255.1.9',
      'http://127.1:80',
      'http://[::1]:9000',
    ]) {
      expect(build({ journeyOrigin: origin })).toMatch(/^http:/);
    }
    for (const origin of [
      'http://127.0.0.1.example.com',
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://10.0.0.1',
      'http://[::2]',
    ]) {
      expect(() => build({ journeyOrigin: origin })).toThrow(
        expect.objectContaining({ code: 'INVALID_JOURNEY_ORIGIN' }),
      );
    }
  });

  it('round-trips through parseJourneyUrl', () => {
    const url = build({
      institutionId: 'cba',
      collect: ['analysis'],
      multipleInstitutions: true,
      theme: { primaryColour: '#0B5FFF', font: 'Roboto' },
      parentOrigin: 'https://shop.example.com',
      channel: CHANNEL,
      prefill: { email: 'a@example.com' },
      prefillIn: 'query',
    });
    expect(parseJourneyUrl(url)).toEqual({
      vendor: 'acme',
      customerId: 'cust_1',
      startAt: 'banks',
      institutionId: 'cba',
      collect: ['analysis'],
      multipleInstitutions: true,
      theme: { primaryColour: '#0B5FFF', font: 'Roboto' },
      prefill: { email: 'a@example.com' },
      parentOrigin: 'https://shop.example.com',
      channel: CHANNEL,
    });
    expect(parseJourneyUrl('https://journey.example.com/other/path')).toBeNull();
  });
});

describe('buildJourneyUrl bad input → JourneyConfigError naming the field', () => {
  const cases: Array<[string, Partial<JourneyUrlOptions> | null, string, string]> = [
    ['empty vendor', { vendor: '' }, 'INVALID_VENDOR', 'vendor'],
    ['vendor with a slash', { vendor: 'ac/me' }, 'INVALID_VENDOR', 'vendor'],
    ['vendor with a space', { vendor: 'ac me' }, 'INVALID_VENDOR', 'vendor'],
    ['empty customer id', { customerId: '' }, 'INVALID_CUSTOMER_ID', 'customerId'],
    ['customer id with ../', { customerId: '../admin' }, 'INVALID_CUSTOMER_ID', 'customerId'],
    ['customer id with ?', { customerId: 'a?b=1' }, 'INVALID_CUSTOMER_ID', 'customerId'],
    ['missing origin', { journeyOrigin: '' }, 'INVALID_JOURNEY_ORIGIN', 'journeyOrigin'],
    [
      'http on a public host',
      { journeyOrigin: 'http://journey.example.com' },
      'INVALID_JOURNEY_ORIGIN',
      'journeyOrigin',
    ],
    [
      'origin with a path',
      { journeyOrigin: 'https://journey.example.com/app' },
      'INVALID_JOURNEY_ORIGIN',
      'journeyOrigin',
    ],
    [
      'origin with credentials',
      { journeyOrigin: 'https://u:p@journey.example.com' },
      'INVALID_JOURNEY_ORIGIN',
      'journeyOrigin',
    ],
    ['javascript: origin', { journeyOrigin: 'javascript:alert(1)' }, 'INVALID_JOURNEY_ORIGIN', 'journeyOrigin'],
    ['not a URL', { journeyOrigin: 'journey.example.com' }, 'INVALID_JOURNEY_ORIGIN', 'journeyOrigin'],
    ['unknown startAt', { startAt: 'home' as never }, 'INVALID_START_AT', 'startAt'],
    ['institution with another startAt', { startAt: 'terms', institutionId: 'cba' }, 'INVALID_START_AT', 'startAt'],
    ['bad institution id', { institutionId: 'c b a' }, 'INVALID_INSTITUTION_ID', 'institutionId'],
    ['unknown collect value', { collect: ['everything' as never] }, 'INVALID_COLLECT', 'collect'],
    ['collect not an array', { collect: 'analysis' as never }, 'INVALID_COLLECT', 'collect'],
    ['named colour', { theme: { primaryColour: 'red' } }, 'INVALID_PRIMARY_COLOUR', 'theme.primaryColour'],
    [
      'colour with CSS',
      { theme: { secondaryColour: '#fff;background:url(x)' } },
      'INVALID_SECONDARY_COLOUR',
      'theme.secondaryColour',
    ],
    ['4-digit colour', { theme: { backgroundColour: '#ffff' } }, 'INVALID_BACKGROUND_COLOUR', 'theme.backgroundColour'],
    ['font with URL syntax', { theme: { font: 'Roboto&family=Evil' } }, 'INVALID_FONT', 'theme.font'],
    ['font with a URL', { theme: { font: 'https://evil.example.com/font.css' } }, 'INVALID_FONT', 'theme.font'],
    ['non-boolean multiple', { multipleInstitutions: 'yes' as never }, 'INVALID_OPTION', 'multipleInstitutions'],
    ['bad prefillIn', { prefillIn: 'cookie' as never }, 'INVALID_PREFILL_IN', 'prefillIn'],
    ['locale not BCP 47', { locale: 'en_AU' }, 'INVALID_LOCALE', 'locale'],
    ['locale not a string', { locale: 7 as never }, 'INVALID_LOCALE', 'locale'],
    ['unknown prefill field', { prefill: { ssn: '1' } as never }, 'INVALID_PREFILL', 'prefill.ssn'],
    // Known fields are checked by own property: names inherited from Object.prototype are not fields.
    ['prefill key toString', { prefill: { toString: 'x' } as never }, 'INVALID_PREFILL', 'prefill.toString'],
    ['prefill key constructor', { prefill: { constructor: 'x' } as never }, 'INVALID_PREFILL', 'prefill.constructor'],
    [
      'prefill key hasOwnProperty',
      { prefill: { hasOwnProperty: 'x' } as never },
      'INVALID_PREFILL',
      'prefill.hasOwnProperty',
    ],
    ['prefill key __proto__', { prefill: { ['__proto__']: 'x' } as never }, 'INVALID_PREFILL', 'prefill.__proto__'],
    ['bad parent origin', { parentOrigin: 'http://shop.example.com' }, 'INVALID_PARENT_ORIGIN', 'parentOrigin'],
    ['bad channel', { channel: 'short' }, 'INVALID_CHANNEL', 'channel'],
    [
      'URL over 2048 characters',
      { prefill: { fullName: 'é'.repeat(200), email: 'é'.repeat(254) }, prefillIn: 'query' },
      'URL_TOO_LONG',
      'customerId',
    ],
    ['no options', null, 'INVALID_OPTION', 'options'],
  ];
  it.each(cases)('%s', (_name, extra, code, field) => {
    let error: unknown;
    try {
      if (extra === null) buildJourneyUrl(null as never);
      else build(extra);
    } catch (e) {
      error = e;
    }
    expect(isJourneyConfigError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'JourneyConfigError', code, field });
  });

  it('URLs up to the limit pass: the longest ids and a long query prefill', () => {
    const url = build({ customerId: 'c'.repeat(255), prefill: { fullName: 'é'.repeat(100) }, prefillIn: 'query' });
    expect(url.length).toBeGreaterThan(800);
    expect(url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
  });
});

describe('checkPrefill', () => {
  it('accepts the three fields and refuses every other own key, inherited names included', () => {
    expect(checkPrefill({ fullName: 'A', email: 'a@example.com', phone: '1' })).toEqual({
      fullName: 'A',
      email: 'a@example.com',
      phone: '1',
    });
    for (const key of ['toString', 'valueOf', 'constructor', '__proto__', 'isPrototypeOf']) {
      expect(() => checkPrefill(JSON.parse(`{"${key}":"x"}`))).toThrow(
        expect.objectContaining({ name: 'JourneyConfigError', code: 'INVALID_PREFILL', field: `prefill.${key}` }),
      );
    }
  });
});

describe('bank-redirect URL (the only place the widget sends the top page)', () => {
  const target = {
    journeyOrigin: 'https://journey.example.com',
    vendor: 'acme',
    customerId: 'cust_1',
    consentId: 'cns_0123abcd',
  };
  it('is {journeyOrigin}/bank-redirect/{vendor}/{customerId}/{consentId} and parses back', () => {
    const url = buildBankRedirectUrl(target);
    expect(url).toBe('https://journey.example.com/bank-redirect/acme/cust_1/cns_0123abcd');
    expect(parseBankRedirectPath(new URL(url).pathname)).toEqual({
      vendor: 'acme',
      customerId: 'cust_1',
      consentId: 'cns_0123abcd',
    });
  });

  it.each([
    ['path traversal', { consentId: '../../phish' }, 'consentId'],
    ['a slash', { consentId: 'a/b' }, 'consentId'],
    ['percent-encoding', { consentId: '%2e%2e' }, 'consentId'],
    ['a host', { consentId: '//evil.example' }, 'consentId'],
    ['a scheme', { consentId: 'javascript:alert(1)' }, 'consentId'],
    ['empty', { consentId: '' }, 'consentId'],
    ['129 characters', { consentId: 'c'.repeat(129) }, 'consentId'],
    ['http on a public host', { journeyOrigin: 'http://journey.example.com' }, 'journeyOrigin'],
    ['an origin with a path', { journeyOrigin: 'https://journey.example.com/x' }, 'journeyOrigin'],
    ['a bad vendor', { vendor: '../x' }, 'vendor'],
  ])('refuses %s', (_name, extra, field) => {
    expect(() => buildBankRedirectUrl({ ...target, ...extra })).toThrow(
      expect.objectContaining({ name: 'JourneyConfigError', field }),
    );
  });

  it.each([
    '/bank-redirect/acme/cust_1',
    '/bank-redirect/acme/cust_1/cns_1/x',
    '/bank-redirect/acme/cust_1/..',
    '/bank-redirect/acme/cust_1/a%2Fb',
    '/bank-redirect/ac.me/cust_1/cns_1',
    '/i/acme/cust_1/cns_1',
    'bank-redirect/acme/cust_1/cns_1',
    `/bank-redirect/acme/cust_1/${'c'.repeat(129)}`,
  ])('parseBankRedirectPath(%s) → null', (path) => {
    expect(parseBankRedirectPath(path)).toBeNull();
  });
});

describe('one table for the query fields (builder, parser, journey bridge)', () => {
  it('every prefill and theme field of the tables goes out under QUERY[field] and comes back the same', async () => {
    const { PREFILL_LIMITS, THEME_FIELDS, QUERY, readFrameQuery } = await import('../../src/protocol/index.js');
    const prefill = { fullName: 'Alex Citizen', email: 'a@example.com', phone: '+61400000000' };
    const theme = {
      primaryColour: '#0B5FFF',
      secondaryColour: '#FFB800',
      backgroundColour: '#FFFFFF',
      font: 'Open Sans',
    };
    expect(Object.keys(prefill)).toEqual(Object.keys(PREFILL_LIMITS));
    expect(Object.keys(theme)).toEqual(Object.keys(THEME_FIELDS));
    const url = new URL(build({ prefill, prefillIn: 'query', theme, channel: CHANNEL }));
    for (const key of Object.keys(PREFILL_LIMITS) as (keyof typeof prefill)[])
      expect(url.searchParams.get(QUERY[key])).toBe(prefill[key]);
    const parsed = parseJourneyUrl(url)!;
    expect(parsed.prefill).toEqual(prefill);
    expect(parsed.theme).toEqual(theme);
    expect(readFrameQuery(url.searchParams)).toEqual({ channel: CHANNEL, prefill });
  });
});

describe('renewConsent: renew mode in the URL', () => {
  it('goes out as renews=<consent id> and the journey reads it back', () => {
    const url = new URL(build({ renewConsent: 'cns_3f9c-2a' }));
    expect(url.searchParams.get('renews')).toBe('cns_3f9c-2a');
    expect(parseJourneyUrl(url)?.renewConsent).toBe('cns_3f9c-2a');
    expect(parseJourneyUrl(new URL(build({})))).not.toHaveProperty('renewConsent');
  });

  it.each([['cns/../x'], ['a b'], [''], ['c'.repeat(129)], [42]])('%j is INVALID_OPTION naming renewConsent', (id) => {
    expect(() => build({ renewConsent: id as string })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', field: 'renewConsent' }),
    );
  });

  it('a journey URL whose renews is not a consent id opens the usual journey', () => {
    const url = new URL(build({}));
    url.searchParams.set('renews', '../admin');
    expect(parseJourneyUrl(url)).not.toHaveProperty('renewConsent');
  });
});
