/**
 * The open-enum rule of the wire's status-like fields (consent statuses, `revoked_by`, abandon reasons, application
 * and crawler statuses): the type names the known values, so a misspelt one does not compile, while parsing lets any
 * short non-empty string through, so a value the service adds later still reaches the caller unchanged and a
 * `default:` branch receives it. What the type is for a value this SDK does not know is the caller's choice
 * (`UnknownValue` in consents.ts, or `string & {}`).
 */
import * as z from 'zod/mini';

/** Longest value let through; anything longer is not a status but a mistake. */
const OPEN_VALUE_MAX = 64;

/** A schema typed `T` that accepts any string of 1–64 characters. */
export const openEnum = <T extends string>() =>
  z.custom<T>((v) => typeof v === 'string' && v.length > 0 && v.length <= OPEN_VALUE_MAX);
