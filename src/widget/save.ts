/**
 * Saved state of the bank redirect round trip (see resume.ts): sessionStorage `hosted-journey:resume:<channel>` holds
 * the serialisable, non-personal options. Never stored: prefill (PII), callbacks, elements.
 */
import { NOT_SAVED, OPTIONS } from './surface.js';
import type { JourneyOptions } from './types.js';

export const RESUME_KEY_PREFIX = 'hosted-journey:resume:';
export const RESUME_TTL_MS = 30 * 60_000;

export interface SavedJourney {
  v: 1;
  channel: string;
  options: JourneyOptions;
  savedAt: number;
  expiresAt: number;
}

export function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the journey cannot be resumed, the bank step still runs
  }
}

/** The options not marked `NOT_SAVED` in surface.ts (a `container` only if it is a selector). */
export function savedOptions(options: JourneyOptions): JourneyOptions {
  const kept: Record<string, unknown> = {};
  let k: keyof typeof OPTIONS;
  for (k in OPTIONS) {
    const v = options[k];
    if (!(OPTIONS[k] & NOT_SAVED) && v !== undefined && (k !== 'container' || typeof v === 'string')) kept[k] = v;
  }
  return kept as unknown as JourneyOptions;
}

/** Saves `savedOptions(options)` under the channel. False if storage failed. */
export function saveJourney(channel: string, options: JourneyOptions, now = Date.now()): boolean {
  const record: SavedJourney = {
    v: 1,
    channel,
    options: savedOptions(options),
    savedAt: now,
    expiresAt: now + RESUME_TTL_MS,
  };
  try {
    storage()!.setItem(RESUME_KEY_PREFIX + channel, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}
