/**
 * Applies the journey's theme without inline style attributes or inline `<style>` (the sandbox's CSP has no
 * 'unsafe-inline'): custom properties go through the CSSOM, the Google font through a `<link>` created here
 * (`style-src` allows fonts.googleapis.com, `font-src` fonts.gstatic.com).
 */
import type { JourneyTheme } from '../../../protocol/url.js';

const FONTS_CSS = 'https://fonts.googleapis.com/css2';

/** Readable text colour (#fff or near-black) for a `#RRGGBB` background, by WCAG relative luminance. */
export function contrastText(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#ffffff';
  const lin = (c: string) => {
    const v = parseInt(c, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(m[1]!) + 0.7152 * lin(m[2]!) + 0.0722 * lin(m[3]!);
  return l > 0.4 ? '#111827' : '#ffffff';
}

function expand(hex: string): string {
  const h = hex.replace(/^#/, '');
  return `#${
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h
  }`.toUpperCase();
}

export function applyTheme(theme: JourneyTheme, root: HTMLElement = document.documentElement): void {
  if (theme.primaryColour) {
    const c = expand(theme.primaryColour);
    root.style.setProperty('--hj-primary', c);
    root.style.setProperty('--hj-on-primary', contrastText(c));
  }
  if (theme.secondaryColour) root.style.setProperty('--hj-secondary', expand(theme.secondaryColour));
  if (theme.backgroundColour) {
    const c = expand(theme.backgroundColour);
    root.style.setProperty('--hj-bg', c);
    root.style.setProperty('--hj-text', contrastText(c) === '#ffffff' ? '#F9FAFB' : '#111827');
  }
  if (theme.font) {
    // parseJourneyUrl already restricted the family to letters, digits and single spaces.
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    const family = encodeURIComponent(theme.font).replace(/%20/g, '+');
    link.href = `${FONTS_CSS}?family=${family}:wght@400;600;700&display=swap`;
    document.head.appendChild(link);
    root.style.setProperty('--hj-font', `'${theme.font}', system-ui, -apple-system, 'Segoe UI', sans-serif`);
  }
}
