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
