import { describe, expect, it } from 'vitest';
import {
  createChannelId,
  decodeJourneyEvent,
  decodeParentMessage,
  encodeMessage,
  JOURNEY_EVENT_TYPES,
  MAX_MESSAGE_CHARS,
  PARENT_MESSAGE_TYPES,
  type JourneyEventPayloads,
} from '../../src/protocol/index.js';

const CH = 'chan_eeeeeeeeeeee';
const valid: JourneyEventPayloads = {
  hello: {},
  ready: { step: 'terms' },
  step: { step: 'banks' },
  institution_selected: { institutionId: 'cba', name: 'CommBank', pathway: 'crawler' },
  bank_authorisation: { consentId: 'cns_0123abcd', popup: 'blocked' },
  bank_authorisation_completed: { status: 'denied' },
  released: {},
  completed: { applicationId: 'app_1' },
  error: { code: 'E', message: 'm', recoverable: false },
  exit: { reason: 'user_left' },
  escape: {},
};

describe('journey events', () => {
  it('every event type round-trips through the envelope', () => {
    expect(Object.keys(valid).sort()).toEqual([...JOURNEY_EVENT_TYPES].sort());
    for (const type of JOURNEY_EVENT_TYPES) {
      expect(decodeJourneyEvent(encodeMessage(CH, type, valid[type]), CH)).toEqual({
        ok: true,
        message: { type, payload: valid[type] },
      });
    }
  });

  it.each([
    ['foreign: other traffic', { type: 'iframe-resized', height: 1 }, 'foreign'],
    ['foreign: a string', '[iFrameSizer]ID', 'foreign'],
    ['foreign: null', null, 'foreign'],
    ['version', { ...encodeMessage(CH, 'ready', { step: 'x' }), version: 2 }, 'version'],
    ['channel', encodeMessage('chan_other_12345', 'ready', { step: 'x' }), 'channel'],
    ['unknown type', encodeMessage(CH, 'toString', {}), 'unknown_type'],
    ['unknown type (prototype key)', encodeMessage(CH, '__proto__', {}), 'unknown_type'],
    ['missing field', encodeMessage(CH, 'completed', {}), 'invalid_payload'],
    ['wrong field type', encodeMessage(CH, 'error', { code: 'E', message: 'm', recoverable: 'no' }), 'invalid_payload'],
    [
      'bad enum',
      encodeMessage(CH, 'institution_selected', { institutionId: 'x', name: 'x', pathway: 'screen' }),
      'invalid_payload',
    ],
    [
      'bank request with a URL and no consent id',
      encodeMessage(CH, 'bank_authorisation', { url: 'https://evil.example/phish', popup: 'blocked' } as never),
      'invalid_payload',
    ],
    [
      'consent id with path traversal',
      encodeMessage(CH, 'bank_authorisation', { consentId: '../../phish' }),
      'invalid_payload',
    ],
    ['consent id with a slash', encodeMessage(CH, 'bank_authorisation', { consentId: 'cns_1/x' }), 'invalid_payload'],
    ['consent id percent-encoded', encodeMessage(CH, 'bank_authorisation', { consentId: '%2e%2e' }), 'invalid_payload'],
    ['consent id too long', encodeMessage(CH, 'bank_authorisation', { consentId: 'c'.repeat(129) }), 'invalid_payload'],
    ['malformed envelope', { protocol: 'hosted-journey', version: '1', channel: CH, type: 'ready' }, 'invalid_payload'],
    ['oversized', encodeMessage(CH, 'exit', { reason: 'x'.repeat(MAX_MESSAGE_CHARS) }), 'oversized'],
  ])('%s → %s', (_name, data, reason) => {
    const result = decodeJourneyEvent(data, CH);
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.reason).toBe(reason);
  });

  it('bank_authorisation carries a consent id, never a URL: a `url` key is dropped unread', () => {
    const data = encodeMessage(CH, 'bank_authorisation', {
      consentId: 'cns_1',
      url: 'https://evil.example/phish',
      popup: 'blocked',
    } as never);
    expect(decodeJourneyEvent(data, CH)).toEqual({
      ok: true,
      message: { type: 'bank_authorisation', payload: { consentId: 'cns_1', popup: 'blocked' } },
    });
  });

  it("a renewal's completed names the consent and its new end of sharing; a bad consent id is refused", () => {
    const renewed = { applicationId: 'app_1', consentId: 'cns_0123abcd', sharingExpiresAt: '2027-12-02T08:00:00.000Z' };
    expect(decodeJourneyEvent(encodeMessage(CH, 'completed', renewed), CH)).toEqual({
      ok: true,
      message: { type: 'completed', payload: renewed },
    });
    const bad = encodeMessage(CH, 'completed', { ...renewed, consentId: '../x' });
    expect(decodeJourneyEvent(bad, CH)).toMatchObject({ ok: false, reason: 'invalid_payload' });
  });

  it('never throws on hostile input (cycles, BigInt, getters that throw)', () => {
    const cyclic: Record<string, unknown> = { protocol: 'hosted-journey' };
    cyclic.self = cyclic;
    const big = { protocol: 'hosted-journey', n: 10n };
    const trap = {
      protocol: 'hosted-journey',
      get payload() {
        throw new Error('boom');
      },
    };
    for (const data of [cyclic, big, trap]) expect(() => decodeJourneyEvent(data, CH)).not.toThrow();
    expect(decodeJourneyEvent(cyclic, CH)).toMatchObject({ ok: false, reason: 'oversized' });
  });
});

describe('parent messages', () => {
  it('welcome, bank_authorisation_result and close decode; journey event names do not', () => {
    expect(PARENT_MESSAGE_TYPES.sort()).toEqual(['bank_authorisation_result', 'close', 'visibility', 'welcome']);
    expect(
      decodeParentMessage(encodeMessage(CH, 'welcome', { prefill: { email: 'a@example.com' } }), CH),
    ).toMatchObject({ ok: true });
    expect(decodeParentMessage(encodeMessage(CH, 'bank_authorisation_result', { status: 'closed' }), CH)).toMatchObject(
      { ok: true },
    );
    expect(decodeParentMessage(encodeMessage(CH, 'close', {}), CH)).toMatchObject({ ok: true });
    expect(decodeParentMessage(encodeMessage(CH, 'ready', { step: 'x' }), CH)).toMatchObject({
      ok: false,
      reason: 'unknown_type',
    });
    expect(decodeParentMessage(encodeMessage(CH, 'welcome', { prefill: { ssn: 1 } }), CH)).toMatchObject({ ok: true });
    expect(
      decodeParentMessage(encodeMessage(CH, 'welcome', { prefill: { email: 'e'.repeat(300) } }), CH),
    ).toMatchObject({ ok: false, reason: 'invalid_payload' });
  });
});

describe('createChannelId', () => {
  it('is 32 lowercase hex digits (128 bits) and unique', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createChannelId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[\da-f]{32}$/);
  });
});
