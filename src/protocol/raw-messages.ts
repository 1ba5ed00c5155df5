/**
 * What any message from a journey's window is held to before it is read, bridge or not: the size cap. And how a
 * journey that runs no bridge says the customer is done (`RELEASED`). Its own file, free of the message schemas, so the
 * script build's `hosted-journey.plain.js` carries only this.
 */

/** Messages larger than this (JSON characters) are refused before decoding. */
export const MAX_MESSAGE_CHARS = 32 * 1024;

function approximateSize(data: unknown): number {
  try {
    return JSON.stringify(data)?.length ?? 0;
  } catch {
    return Infinity; // cycles, BigInt: not something a journey would send
  }
}

/** True when a message is over the size cap (`MAX_MESSAGE_CHARS`). */
export const oversized = (data: unknown): boolean => approximateSize(data) > MAX_MESSAGE_CHARS;

/**
 * A journey that runs no bridge says the customer is done with `RELEASED`: the string itself, or an object whose
 * `event`, `type` or `status` is it.
 */
export function isReleased(data: unknown): boolean {
  const d = data as { event?: unknown; type?: unknown; status?: unknown } | null;
  return data === 'RELEASED' || (!!d && typeof d === 'object' && [d.event, d.type, d.status].includes('RELEASED'));
}
