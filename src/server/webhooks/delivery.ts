/**
 * What the handler and its two delivery strategies (lease-delivery.ts, inbox-delivery.ts) share: the result type,
 * the error report, the replies (one table of status, outcome and body per answer) and the strategy interface. The
 * handler verifies and finds the function; a strategy claims the event, runs the function and answers.
 */

export type WebhookOutcome =
  | 'processed'
  | 'duplicate'
  | 'ignored'
  | 'in_flight'
  | 'rejected'
  | 'failed'
  | 'unavailable'
  | 'method_not_allowed';

export interface WebhookResult {
  status: number;
  outcome: WebhookOutcome;
  headers: Record<string, string>;
  /** JSON text. */
  body: string;
  eventId?: string;
}

export type WebhookErrorStage = 'verify' | 'handler' | 'store' | 'lease_lost' | 'respond';

/** The handler's reporter, carried on the handler object for the adapters (an answer they could not send). */
export const REPORT: unique symbol = Symbol('hosted-journey.webhook.report');

/** Reports a failure (the integrator's `onError`, or the default log line); never throws. */
export type Report = (error: unknown, info: { stage: WebhookErrorStage; eventId?: string }) => void;

/** What a strategy hands the event's function: the claim's signal and, inside an InboxStore, its connection. */
export interface DeliveryAccess {
  readonly signal: AbortSignal;
  readonly db?: unknown;
}

/** The event's function bound to its event and context; undefined when no function takes the type ('ignored'). */
export type Run = ((access: DeliveryAccess) => unknown) | undefined;

/** One way to deliver a verified event exactly once: claim, run, mark done, answer. */
export interface DeliveryStrategy {
  deliver(id: string, run: Run): Promise<WebhookResult>;
}

/** An answer with a JSON body; `headers` are added to its content type, `eventId` names the event it is about. */
export const result = (
  status: number,
  outcome: WebhookOutcome,
  payload: object,
  { headers = {}, eventId }: { headers?: Record<string, string>; eventId?: string } = {},
): WebhookResult => ({
  status,
  outcome,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(payload),
  ...(eventId ? { eventId } : {}),
});

const error = (code: string, message: string) => ({ error: { code, message } });

export type Replies = ReturnType<typeof makeReplies>;

/** The answers a strategy gives; 409 and 503 carry Retry-After. */
export function makeReplies(retryAfterSec: number) {
  const retry = { 'retry-after': String(retryAfterSec) };
  return {
    processed: (id: string, outcome: 'processed' | 'ignored') =>
      result(200, outcome, { status: outcome, event_id: id }, { eventId: id }),
    duplicate: (id: string) => result(200, 'duplicate', { status: 'duplicate', event_id: id }, { eventId: id }),
    inFlight: (id: string) =>
      result(409, 'in_flight', error('IN_FLIGHT', 'this event is being processed; retry later'), {
        headers: retry,
        eventId: id,
      }),
    failed: (id: string) =>
      result(500, 'failed', error('HANDLER_FAILED', 'the handler failed; the event will be processed on retry'), {
        eventId: id,
      }),
    unavailable: (id: string, code: string, message: string) =>
      result(503, 'unavailable', error(code, message), { headers: retry, eventId: id }),
  };
}
