/**
 * What any message from a journey's window is held to before it is read, bridge or not: the size cap. Its own file,
 * free of the message schemas, so the script build's `hosted-journey.plain.js` carries only this (and released.ts).
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
