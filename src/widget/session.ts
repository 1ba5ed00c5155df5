/**
 * The journey session each mount begins (`open()`, or the hidden mount of a prewarmed journey): a session id and a
 * W3C trace context. The context is the integrator's (`traceparent`: a string, or a function the page's tracer
 * answers when the session begins), else a new trace. Every event payload carries the session's ids; the journey gets
 * its traceparent in the handshake (or the URL, for a journey that runs no bridge) and makes its calls in that trace.
 *
 * Constraints:
 * 1. A `traceparent` that is not a version-00 traceparent with non-zero ids (`TRACEPARENT_00`), or a function that
 *    throws, is never thrown: a console warning (a `JourneyConfigError`, code `INVALID_TRACEPARENT`) and a new trace.
 *    Absent (no option, or the tracer has no active span) is no mistake: a new trace, silently.
 * 2. Ids come from the platform CSPRNG; nothing else (no page data, nothing personal) is in any of them.
 * 3. On the inline path: no parser beyond the one pattern and no formatter beyond one template (why: TRACEPARENT_00
 *    in src/protocol/trace-context.ts); the ids from the helper the channel id uses.
 */
import { JourneyConfigError, randomHexId, TRACEPARENT_00 } from '../protocol/browser.js';
import { partMissing } from './events.js';
import type { JourneySession } from './types.js';

/** A session in the trace `option` names (a function is called now), else in a new trace. */
export function startSession(option?: unknown): JourneySession {
  let value = option;
  try {
    if (typeof value === 'function') value = value();
  } catch (error) {
    value = error;
  }
  const given = typeof value === 'string' && TRACEPARENT_00.test(value) ? value : undefined;
  if (!given && value != null && value !== '')
    partMissing(new JourneyConfigError('INVALID_TRACEPARENT', 'traceparent', 'traceparent ignored'));
  const traceparent = given ?? `00-${randomHexId(16)}-${randomHexId(8)}-01`;
  return { sessionId: randomHexId(16), traceId: traceparent.slice(3, 35), traceparent };
}
