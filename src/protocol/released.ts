/**
 * How a journey that runs no bridge says the customer is done (`RELEASED`). Its own file, imported only by the widget's
 * plain part, so the chunk every inline mount loads never carries it.
 */

/**
 * A journey that runs no bridge says the customer is done with `RELEASED`: the string itself, or an object whose
 * `event`, `type` or `status` is it.
 */
export function isReleased(data: unknown): boolean {
  const d = data as { event?: unknown; type?: unknown; status?: unknown } | null;
  return data === 'RELEASED' || (!!d && typeof d === 'object' && [d.event, d.type, d.status].includes('RELEASED'));
}
