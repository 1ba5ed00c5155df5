/**
 * What the journey pages and the journey origin's server-rendered bank pages both say [ours], so the two never
 * disagree. Not a wire format, but shared by both sides, so it lives here (the sandbox's Node code never imports
 * `journey/browser/`); not re-exported from `src/protocol/index.ts`, so in no public surface.
 */

/**
 * Days of transaction history the sandbox retrieves (and the bank's consent page asks for): the journey's and the
 * bank's "Last 90 days" both come from here. A profile's `days_to_retrieve` may ask for more.
 */
export const HISTORY_DAYS = 90;

/** The journey's and the bank page's wording of that period. */
export const HISTORY_TEXT = `Last ${HISTORY_DAYS} days`;

/** How long the access lasts, in the same words on both pages. */
export const DURATION_TEXT = 'Once-off, access ends after collection';

/** The sharing period of a consent, as the bank's pages and the journey's renew step say it. */
export function sharingPeriodText(days: number): string {
  return `Sharing period: ${days} day${days === 1 ? '' : 's'}`;
}

/**
 * The vendor's display name from its label: each `-`/`_`-separated word capitalised (`acme` → `Acme`,
 * `acme-lending` → `Acme Lending`). The journey's header and body text and the bank page all use it.
 */
export function vendorDisplayName(label: string): string {
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The journey's font stack (journey.css `--hj-font`); the bank pages use it too, so no page falls back to a serif. */
export const SYSTEM_FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
