/**
 * The modal's look, as style objects that Preact applies through the CSSOM (`el.style.x = ...`). That works under a
 * strict Content-Security-Policy (`style-src 'self'`, no 'unsafe-inline'): no `<style>` element, no `style=""`
 * attribute is ever written. Every element also has a `hosted-journey-*` class for integrators' own stylesheets.
 */
import type { Style } from './status-styles.js';

export { retryStyle, statusStyle } from './status-styles.js';

/**
 * The card hangs from a fixed top, centred across: the frame takes each step's height, and a card centred on the page
 * would move the whole journey (and the button under the customer's pointer) every time a step is shorter or taller.
 */
export const overlayStyle: Style = {
  position: 'fixed',
  inset: '0',
  zIndex: '2147483000',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  background: 'rgba(15, 23, 42, 0.55)',
  padding: '8vh 16px 16px',
  boxSizing: 'border-box',
};

export const dialogStyle: Style = {
  position: 'relative',
  width: '100%',
  maxWidth: '560px',
  maxHeight: '100%',
  overflow: 'auto',
  background: '#fff',
  borderRadius: '12px',
  boxShadow: '0 20px 50px rgba(0, 0, 0, 0.3)',
  outline: 'none',
};

export const closeStyle: Style = {
  position: 'absolute',
  top: '8px',
  right: '8px',
  zIndex: '2',
  width: '36px',
  height: '36px',
  border: '0',
  borderRadius: '18px',
  background: 'rgba(255, 255, 255, 0.9)',
  font: '24px/36px system-ui, sans-serif',
  cursor: 'pointer',
  color: '#111827',
};

export function frameStyle(visible: boolean): Style {
  return { visibility: visible ? 'visible' : 'hidden' };
}

/**
 * Phones: under 480 px wide, or under 480 px tall in landscape, the modal is a full-screen sheet. Inline styles cannot
 * carry a media query, so modal.tsx watches this one with `matchMedia` and switches to the sheet styles below.
 */
export const SHEET_QUERY = '(max-width: 479.98px), (max-height: 479.98px) and (orientation: landscape)';

const inset = (side: string) => `env(safe-area-inset-${side}, 0px)`;

export const sheetOverlayStyle: Style = { padding: '0', alignItems: 'flex-start', background: '#fff' };

/** `height`: the visual viewport's height in px (keyboard open or not), else `100dvh` (or `100vh` without dvh). */
export function sheetDialogStyle(height: string, top: number): Style {
  return {
    maxWidth: 'none',
    maxHeight: 'none',
    height,
    marginTop: `${top}px`,
    borderRadius: '0',
    boxShadow: 'none',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    boxSizing: 'border-box',
    padding: `${inset('top')} ${inset('right')} ${inset('bottom')} ${inset('left')}`,
  };
}

/** 44×44 px (the smallest comfortable touch target), clear of the notch. */
export const sheetCloseStyle: Style = {
  top: `calc(${inset('top')} + 4px)`,
  right: `calc(${inset('right')} + 4px)`,
  width: '44px',
  height: '44px',
  borderRadius: '22px',
  lineHeight: '44px',
};

/** The frame slot fills the sheet; the journey scrolls inside its own frame. */
export const sheetFrameStyle: Style = { flex: '1 1 0', minHeight: '0', position: 'relative' };
