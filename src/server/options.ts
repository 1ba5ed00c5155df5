/** Checks of numeric options, shared by createWebhookHandler and the dedupe stores: bad values fail at creation. */
import { ServerConfigError } from './errors.js';

/** `value` when it is a finite number > 0 (an integer when `integer`), else a ServerConfigError naming the option. */
export function positiveNumber(field: string, value: unknown, integer = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new ServerConfigError(
      field,
      `${field} must be a finite ${integer ? 'integer' : 'number'} greater than 0 (got ${shown(value)})`,
    );
  }
  return value;
}

const shown = (v: unknown): string =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? `a string, ${JSON.stringify(v.slice(0, 20))}` : typeof v;

/** The longest delay a timer takes (setTimeout and setInterval fire after 1 ms for anything larger). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * `value` when it is a finite number within [min, max] (an integer when `integer`), else a ServerConfigError naming
 * the option and its range.
 */
export function numberIn(
  field: string,
  value: unknown,
  range: { min: number; max: number; integer?: boolean; unit?: string },
): number {
  const { min, max, integer = false, unit = '' } = range;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    throw new ServerConfigError(
      field,
      `${field} must be a finite ${integer ? 'integer' : 'number'} from ${min} to ${max}${unit} (got ${shown(value)})`,
    );
  }
  return value;
}

/**
 * The shortest lease a handler can keep renewed: renewals tick every leaseMs/4 and each is one store round trip, so
 * below this a timer's lateness or one slow round trip on a busy host outlasts the lease.
 */
export const MIN_LEASE_MS = 100;
