/**
 * Every payload the widget delivers carries `at`, `sinceOpenMs` and its journey session's ids (a move to another step
 * also `previousStep` and `previousStepMs`). Where time is not what a spec is about, `stamped(payload)` is that payload
 * with any numbers (and ids) there;
 * e2e/demo/timed-events.spec.ts checks their values in a real journey.
 */
import { expect } from '@playwright/test';
import { JOURNEY_EVENT_TYPES } from '../../src/protocol/browser.js';

/** Every `hosted-journey:<type>` a journey event becomes (all but the bridge's `hello` and `escape`), from the table. */
export const DOM_EVENT_TYPES: string[] = JOURNEY_EVENT_TYPES.filter((t) => t !== 'hello' && t !== 'escape');

export const stamped = <T extends object>(payload: T): T & { at: unknown; sinceOpenMs: unknown } => ({
  ...payload,
  at: expect.any(Number),
  sinceOpenMs: expect.any(Number),
  sessionId: expect.any(String),
  traceId: expect.any(String),
  traceparent: expect.any(String),
});

/** A `step` to `step` from `previousStep`, any time spent. */
export const moved = (step: string, previousStep: string) =>
  stamped({ step, previousStep, previousStepMs: expect.any(Number) });
