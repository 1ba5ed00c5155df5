// The sandbox clock (timers fire in due order when advanced, or after their real delay, outside any request's async
// context; one clock per token) and the consent module on it: a sandbox restarted on the same state re-arms each
// consent from what it stored and never warns of a lead twice.
import { describe, expect, it } from 'vitest';
import { AsyncLocalStorage } from 'node:async_hooks';
import { SandboxClock, SandboxClocks } from '../../src/sandbox/core/clock.js';
import { decide, openConsent, resumeConsents, revoke } from '../../src/sandbox/core/consents.js';
import type { SandboxContext } from '../../src/sandbox/core/context.js';
import { type Application, SandboxState } from '../../src/sandbox/core/state.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-27T00:00:00Z');

describe('SandboxClock', () => {
  it('advance fires what falls due, earliest first, with the clock at each due time; later ones wait', () => {
    const clock = new SandboxClock(() => new Date(T0));
    const fired: string[] = [];
    clock.later(3 * DAY, () => fired.push(`c@${clock.now().getTime() - T0}`));
    clock.later(1 * DAY, () => {
      fired.push(`a@${clock.now().getTime() - T0}`);
      clock.later(DAY / 2, () => fired.push(`b@${clock.now().getTime() - T0}`));
    });
    clock.later(40 * DAY, () => fired.push('late'));
    expect(clock.advance(5 * DAY).getTime()).toBe(T0 + 5 * DAY);
    expect(fired).toEqual([`a@${DAY}`, `b@${1.5 * DAY}`, `c@${3 * DAY}`]);
    expect(clock.now().getTime()).toBe(T0 + 5 * DAY);
    clock.close();
  });

  it('a cancelled timer never fires; a short one fires after its real delay without any advance', async () => {
    const clock = new SandboxClock(() => new Date());
    let cancelled = 0;
    const cancel = clock.later(DAY, () => cancelled++);
    cancel();
    clock.advance(2 * DAY);
    expect(cancelled).toBe(0);
    await new Promise<void>((resolve) => clock.later(5, resolve));
    clock.close();
  });

  it("a timer runs in no request's async context: neither the one that set it nor the one that advanced", async () => {
    const requests = new AsyncLocalStorage<string>();
    const clock = new SandboxClock(() => new Date(T0));
    const seen: Array<string | undefined> = [];
    requests.run('set it', () => {
      clock.later(DAY, () => seen.push(requests.getStore()));
      clock.later(5, () => seen.push(requests.getStore()));
    });
    requests.run('advanced', () => clock.advance(2 * DAY));
    await new Promise<void>((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([undefined, undefined]);
    clock.close();
  });

  it("each token's clock: one token's advance moves only its own time and fires only its own timers", () => {
    const clocks = new SandboxClocks(() => new Date(T0));
    const fired: string[] = [];
    clocks.of('a').later(DAY, () => fired.push('a'));
    clocks.of('b').later(DAY, () => fired.push('b'));
    clocks.of('b').advance(340 * DAY);
    expect(fired).toEqual(['b']);
    expect(clocks.of('a').now().getTime()).toBe(T0);
    expect(clocks.of('b').now().getTime()).toBe(T0 + 340 * DAY);
    clocks.close();
  });
});

function context(state: SandboxState, clock: SandboxClock, emitted: Array<[string, Record<string, unknown>]>) {
  return {
    state,
    clock: () => clock,
    warningLeadsDays: () => [30, 14, 7, 1],
    emit: (_app: Application, type: string, data: Record<string, unknown>) => emitted.push([type, data]),
  } as unknown as SandboxContext;
}

function application(state: SandboxState): Application {
  const app: Application = {
    id: 'app_1',
    vendor: 'acme',
    ref: 'c1',
    owner: 'sandbox_token',
    status: 'consent_pending',
    institution: { id: 'sandbox-bank', name: 'Sandbox Bank', pathway: 'cdr' },
    analysis: false,
    account_owner: false,
    created_at: new Date(T0).toISOString(),
    crawler: null,
    data: null,
  };
  state.addApplication(app);
  return app;
}

describe('consents on the clock', () => {
  it('after a restart on the same state, each lead is still warned once and the expiry comes once', () => {
    const state = new SandboxState();
    let at = T0;
    const first = new SandboxClock(() => new Date(at));
    const emitted: Array<[string, Record<string, unknown>]> = [];
    const ctx = context(state, first, emitted);
    const app = application(state);
    const consent = openConsent(ctx, app, { institutionId: 'sandbox-bank', returnUrl: 'http://127.0.0.1/back' });
    decide(ctx, consent, true);
    first.advance(350 * DAY); // past the 30-day lead (day 335), before the 14-day one (day 351)
    expect(emitted.map(([t, d]) => `${t} ${d.days_left ?? ''}`)).toEqual([
      'consent.authorised ',
      'consent.expiring 30',
    ]);

    // Restart: the old process's timers are gone; a new clock at the same time, a new context, the same state.
    at = first.now().getTime();
    first.close();
    const second = new SandboxClock(() => new Date(at));
    const ctx2 = context(state, second, emitted);
    resumeConsents(ctx2);
    resumeConsents(ctx2); // arming twice (a repeated resume) changes nothing either
    second.advance(30 * DAY);
    expect(emitted.map(([t, d]) => `${t} ${d.days_left ?? ''}`)).toEqual([
      'consent.authorised ',
      'consent.expiring 30',
      'consent.expiring 14',
      'consent.expiring 7',
      'consent.expiring 1',
      'consent.expired ',
    ]);
    expect(consent.status).toBe('expired');
    second.close();
  });

  it('a revoked consent fires nothing more', () => {
    const state = new SandboxState();
    const clock = new SandboxClock(() => new Date(T0));
    const emitted: Array<[string, Record<string, unknown>]> = [];
    const ctx = context(state, clock, emitted);
    const app = application(state);
    const consent = openConsent(ctx, app, { institutionId: 'sandbox-bank', returnUrl: 'http://127.0.0.1/back' });
    decide(ctx, consent, true);
    revoke(ctx, consent, 'data_holder');
    clock.advance(400 * DAY);
    expect(emitted.map(([t]) => t)).toEqual(['consent.authorised', 'consent.revoked']);
    expect(emitted[1]![1]).toMatchObject({ consent_id: consent.id, revoked_by: 'data_holder' });
    clock.close();
  });
});
