// The widget stamps every event it delivers with `at` (Date.now()), `sinceOpenMs` and its journey session's ids. Tests freeze `Date` at `T0`
// (`freezeClock`; `vi.setSystemTime(T0 + n)` moves it) so they assert the stamps exactly.
import { afterEach, beforeEach, expect, vi } from 'vitest';

/** The instant a frozen clock starts at. */
export const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);

/**
 * Freezes `Date` at `T0` for every test of the calling file (timers stay real), and the monotonic clock the widget
 * measures durations on (`performance.now()`) with it: `vi.setSystemTime(T0 + n)` moves both by `n`. Registers its
 * own hooks.
 */
export function freezeClock(): void {
  let now: { mockRestore(): void } | undefined;
  beforeEach(() => {
    vi.setSystemTime(T0);
    now = vi.spyOn(performance, 'now').mockImplementation(() => Date.now() - T0);
  });
  afterEach(() => {
    now?.mockRestore();
    vi.useRealTimers();
  });
}

/**
 * `payload` as the widget delivers it `ms` after `open()`, with the clock frozen at `T0` when the journey was opened
 * and at `T0 + ms` when the event arrived.
 */
export const timed = <T extends object>(payload: T, ms = 0): T & { at: number; sinceOpenMs: number } => ({
  ...payload,
  at: T0 + ms,
  sinceOpenMs: ms,
  ...SESSION,
});

/**
 * The journey session's ids every delivered payload carries beside its time (random: matched by shape; a test of the
 * session itself compares them between events).
 */
export const SESSION = {
  sessionId: expect.stringMatching(/^[\da-f]{32}$/),
  traceId: expect.stringMatching(/^[\da-f]{32}$/),
  traceparent: expect.stringMatching(/^00-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/),
};
