// The consent's wire model: statuses and revoked_by are closed for the compiler but a value the service adds later
// still reaches the caller unchanged; the new events parse as known events; durations parse strictly.
import { describe, expect, it } from 'vitest';
import { consentView, parseDuration, parseWebhookEvent } from '../../src/protocol/index.js';

/** What every consent.expiring, expired, revoked and renewed event names besides its own fields. */
const shared = { institution_id: 'sandbox-bank', institution_name: 'Sandbox Bank', accounts: [] };
const envelope = (type: string, data: unknown) => ({
  event_id: 'evt_1',
  type,
  created_at: '2026-11-27T00:00:00Z',
  vendor: 'acme',
  ref: 'cust_1',
  data,
});

describe('consent events', () => {
  it('a revoked_by value the service adds later reaches the handler unchanged', () => {
    const r = parseWebhookEvent(
      envelope('consent.revoked', { ...shared, consent_id: 'cns_1', revoked_by: 'regulator' }),
    );
    expect(r).toMatchObject({ ok: true, known: true, event: { data: { revoked_by: 'regulator' } } });
  });

  it('each new event is a known type with its fields checked', () => {
    const expiring = { ...shared, consent_id: 'c', sharing_expires_at: '2027-01-01T00:00:00Z', days_left: 7 };
    expect(parseWebhookEvent(envelope('consent.expiring', expiring))).toMatchObject({ ok: true, known: true });
    const renewed = { ...shared, consent_id: 'c', sharing_expires_at: '2027-01-01T00:00:00Z', account_ids: ['acc_1'] };
    expect(parseWebhookEvent(envelope('consent.renewed', renewed))).toMatchObject({ ok: true, known: true });
    expect(parseWebhookEvent(envelope('application.abandoned', { reason: 'crawler_timedout' }))).toMatchObject({
      ok: true,
      known: true,
    });
    const missingName = { ...expiring, institution_name: undefined };
    expect(parseWebhookEvent(envelope('consent.expiring', missingName))).toMatchObject({ ok: false });
    const missingDays = { ...expiring, days_left: undefined };
    expect(parseWebhookEvent(envelope('consent.expiring', missingDays))).toMatchObject({ ok: false });
    expect(parseWebhookEvent(envelope('consent.revoked', { ...shared, consent_id: 'c', revoked_by: 3 }))).toMatchObject(
      {
        ok: false,
      },
    );
  });
});

describe('consent view', () => {
  it('a status the service adds later parses and keeps its value', () => {
    const view = {
      consent_id: 'cns_1',
      application_id: 'app_1',
      institution_id: 'sandbox-bank',
      status: 'suspended',
      sharing_days: 365,
      sharing_expires_at: null,
      account_ids: [],
      created_at: '2026-11-27T00:00:00Z',
    };
    expect(consentView.parse(view).status).toBe('suspended');
    expect(consentView.safeParse({ ...view, status: 7 }).success).toBe(false);
  });
});

describe('parseDuration', () => {
  it('reads ms, s, m, h, d and w, and refuses anything else', () => {
    expect(parseDuration('30d')).toBe(30 * 86_400_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration(1000)).toBe(1000);
    for (const bad of ['-1d', '30', 'd', '3y', '', 'NaNd']) expect(parseDuration(bad)).toBeUndefined();
    expect(parseDuration(-5)).toBeUndefined();
    expect(parseDuration(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});
