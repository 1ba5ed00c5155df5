/**
 * The testing kit's errors: each names the function that failed (`advanceClock: POST /sandbox/clock: 401 …`), so a
 * failing clock move never reads as a failing journey. `triggerJourney`'s are `TriggerJourneyError`, a subclass.
 */

/** Why a testing-kit function stopped: `INVALID_OPTIONS` before any call, `REFUSED` by the sandbox, `TIMEOUT`. */
export type SandboxKitErrorCode = 'INVALID_OPTIONS' | 'REFUSED' | 'TIMEOUT';

/** The kit's functions, as their errors name them. */
export type SandboxKitOperation =
  | 'triggerJourney'
  | 'advanceClock'
  | 'expireConsent'
  | 'revokeAtBank'
  | 'triggerRenewal'
  | 'listDeliveries'
  | 'resendDelivery';

/**
 * A testing-kit function failed; `operation` names it and starts the message.
 * @example if (isSandboxKitError(e) && e.sandboxCode === 'TIMESTAMP_IN_FUTURE') console.log(e.message);
 */
export class SandboxKitError extends Error {
  override readonly name: 'SandboxKitError' | 'TriggerJourneyError' = 'SandboxKitError';
  readonly code: SandboxKitErrorCode;
  readonly operation: SandboxKitOperation;
  /** The sandbox's error code, for `REFUSED`. */
  readonly sandboxCode: string | undefined;

  constructor(operation: SandboxKitOperation, code: SandboxKitErrorCode, message: string, sandboxCode?: string) {
    super(`${operation}: ${message}`);
    this.operation = operation;
    this.code = code;
    this.sandboxCode = sandboxCode;
  }
}

/** Why `triggerJourney` stopped: `INVALID_OPTIONS` before any call, `REFUSED` by the sandbox, `TIMEOUT`. */
export class TriggerJourneyError extends SandboxKitError {
  override readonly name = 'TriggerJourneyError' as const;
  constructor(code: SandboxKitErrorCode, message: string, sandboxCode?: string) {
    super('triggerJourney', code, message, sandboxCode);
  }
}

const isNamed = (value: unknown, names: readonly string[]): boolean =>
  typeof value === 'object' && value !== null && names.includes((value as { name?: unknown }).name as string);

/** Realm-safe guard (compares `name`): any testing-kit error, `TriggerJourneyError` included. */
export function isSandboxKitError(value: unknown): value is SandboxKitError {
  return isNamed(value, ['SandboxKitError', 'TriggerJourneyError']);
}

/** Realm-safe guard (compares `name`). */
export function isTriggerJourneyError(value: unknown): value is TriggerJourneyError {
  return isNamed(value, ['TriggerJourneyError']);
}

/** The error `operation` throws: `TriggerJourneyError` for `triggerJourney`, else `SandboxKitError`. */
export function kitError(
  operation: SandboxKitOperation,
  code: SandboxKitErrorCode,
  message: string,
  sandboxCode?: string,
): SandboxKitError {
  return operation === 'triggerJourney'
    ? new TriggerJourneyError(code, message, sandboxCode)
    : new SandboxKitError(operation, code, message, sandboxCode);
}

/**
 * The sandbox refused `what`: its JSON error body's code and message, or a bank page's (`data-code`,
 * `data-message`: the developer's words beside the customer's).
 */
export async function refused(res: Response, operation: SandboxKitOperation, what: string): Promise<never> {
  const text = await res.text().catch(() => '');
  let code: string | undefined;
  let message: string | undefined;
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    ({ code, message } = body.error ?? {});
  } catch {
    code = /data-code="([^"]*)"/.exec(text)?.[1];
    message = unescapeHtml(/data-message="([^"]*)"/.exec(text)?.[1] ?? '');
  }
  throw kitError(operation, 'REFUSED', `${what}: ${res.status} ${code ?? ''} ${message ?? ''}`.trimEnd(), code);
}

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
