/**
 * The modal overlay (Preact): loading indicator until `ready`, error view with a retry button, close button, Escape,
 * focus moved in and restored on close, focus kept inside while open (sentinels wrap Tab at both ends), `aria-modal`,
 * page scroll locked. Loaded with `import()` only in modal mode, so inline users never download Preact.
 * A prewarmed modal mounts `hidden`: its root concealed as prewarm.ts conceals a frame (not imported, so the two lazy
 * chunks share nothing), no scroll lock, focus untouched, no key listener; `show()` makes it the open modal.
 */
import { render } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import {
  closeStyle,
  dialogStyle,
  frameStyle,
  overlayStyle,
  retryStyle,
  SHEET_QUERY,
  sheetCloseStyle,
  sheetDialogStyle,
  sheetFrameStyle,
  sheetOverlayStyle,
  statusStyle,
} from './modal-styles.js';
import { EN_AU, type WidgetWords } from './words/en-AU.js';
import { frameLocale, loadWords } from './words/load.js';
import { DEFAULT_LOCALE } from '../protocol/locale.js';

export type ModalStatus = 'loading' | 'ready' | 'error';

export interface ModalOptions {
  title: string;
  /** The customer asked to close (button or Escape). */
  onClose(): void;
  onRetry(): void;
  /** Prewarm: mount out of sight until `show()`. */
  hidden?: boolean;
  document?: Document;
}

export interface ModalController {
  /** Root element: DOM events for script-tag users are dispatched here. */
  readonly root: HTMLElement;
  /** Puts the (new) iframe in the frame slot, replacing any previous one. */
  setFrame(iframe: HTMLIFrameElement): void;
  setStatus(status: ModalStatus): void;
  /** Reveals a modal mounted `hidden` (no-op otherwise). */
  show(): void;
  unmount(): void;
}

interface ViewProps {
  title: string;
  words: WidgetWords;
  status: ModalStatus;
  onClose(): void;
  onRetry(): void;
  hidden: boolean;
  slot: { current: HTMLDivElement | null };
  /** Full-screen sheet (phones): its height and top offset follow the visual viewport. */
  sheet: { height: string; top: number } | null;
}

function ModalView(props: ViewProps) {
  const sheet = props.sheet;
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  // A layout effect: on unmount its cleanup runs at once (a passive one waits for the next frame), so destroy()
  // leaves no document listener behind that a key press in that frame could reach.
  useLayoutEffect(() => {
    if (props.hidden) return;
    const doc = dialog.current!.ownerDocument;
    const previous = doc.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose.current();
      }
    };
    // Focus that lands outside the dialog (Tab past the end, a click behind the backdrop) is brought back.
    const onFocusIn = (e: FocusEvent) => {
      if (dialog.current && e.target instanceof Node && !dialog.current.contains(e.target)) close.current?.focus();
    };
    doc.addEventListener('keydown', onKey, true);
    doc.addEventListener('focusin', onFocusIn, true);
    return () => {
      doc.removeEventListener('keydown', onKey, true);
      doc.removeEventListener('focusin', onFocusIn, true);
      if (previous && typeof previous.focus === 'function' && doc.contains(previous)) previous.focus();
    };
  }, [props.hidden]);

  return (
    <div class="hosted-journey-overlay" style={sheet ? { ...overlayStyle, ...sheetOverlayStyle } : overlayStyle}>
      <div
        ref={dialog}
        class="hosted-journey-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        tabIndex={-1}
        style={sheet ? { ...dialogStyle, ...sheetDialogStyle(sheet.height, sheet.top) } : dialogStyle}
      >
        {/* Focus sentinels: Shift+Tab before Close goes to the journey, Tab past the journey's last control comes back
            to Close — without them the browser moves focus out of the document first. */}
        <span
          tabIndex={0}
          class="hosted-journey-sentinel"
          onFocus={() => (props.slot.current?.querySelector('iframe') ?? close.current)?.focus()}
        />
        <button
          ref={close}
          type="button"
          class="hosted-journey-close"
          aria-label={props.words.close}
          style={sheet ? { ...closeStyle, ...sheetCloseStyle } : closeStyle}
          onClick={() => onClose.current()}
        >
          ×
        </button>
        {props.status === 'loading' && (
          <div class="hosted-journey-loading" role="status" style={statusStyle}>
            {props.words.loading}
          </div>
        )}
        {props.status === 'error' && (
          <div class="hosted-journey-error" role="alert" style={statusStyle}>
            <p>{props.words.failed}</p>
            <button type="button" class="hosted-journey-retry" style={retryStyle} onClick={props.onRetry}>
              {props.words.retry}
            </button>
          </div>
        )}
        <div
          ref={props.slot}
          class="hosted-journey-frame"
          style={{ ...frameStyle(props.status === 'ready'), ...(sheet ? sheetFrameStyle : {}) }}
        />
        <span tabIndex={0} class="hosted-journey-sentinel" onFocus={() => close.current?.focus()} />
      </div>
    </div>
  );
}

/** The modal's words while a lazy catalogue loads (en-AU's are there at once). */
const BLANK = Object.fromEntries(Object.keys(EN_AU).map((k) => [k, ''])) as WidgetWords;

/**
 * A hidden (prewarmed) modal's root: out of the accessibility tree, unfocusable; its overlay is fixed, so no layout.
 */
const HIDDEN_ATTRS = [
  ['aria-hidden', 'true'],
  ['inert', ''],
  ['tabindex', '-1'],
] as const;

let scrollLocks = 0;
let saved: { x: number; y: number; html: string; body: string[] } | undefined;
const BODY_LOCK = ['position', 'top', 'left', 'right', 'overflow'] as const;

/**
 * Locks the page behind the modal: `overflow: hidden` on the root, and the body fixed at its scroll offset (the only
 * lock iOS Safari honours: it scrolls an `overflow: hidden` page under a touch). Unlocking puts the page back where it
 * was.
 */
function lockScroll(doc: Document): void {
  if (scrollLocks++ > 0) return;
  const win = doc.defaultView ?? window;
  const body = doc.body.style;
  saved = {
    x: win.scrollX,
    y: win.scrollY,
    html: doc.documentElement.style.overflow,
    body: BODY_LOCK.map((k) => body[k]),
  };
  doc.documentElement.style.overflow = 'hidden';
  Object.assign(body, {
    position: 'fixed',
    top: `${-saved.y}px`,
    left: `${-saved.x}px`,
    right: '0',
    overflow: 'hidden',
  });
}

function unlockScroll(doc: Document): void {
  if (scrollLocks === 0 || --scrollLocks > 0 || !saved) return;
  const body = doc.body.style;
  doc.documentElement.style.overflow = saved.html;
  BODY_LOCK.forEach((k, i) => {
    body[k] = saved!.body[i]!;
  });
  (doc.defaultView ?? window).scrollTo({ left: saved.x, top: saved.y, behavior: 'instant' });
  saved = undefined;
}

/**
 * Sheet mode: on while `SHEET_QUERY` matches; its height follows the visual viewport, so the on-screen keyboard
 * shrinks the sheet (and the journey's frame, whose bridge then scrolls the focused field back into view) instead of
 * covering it. Calls `change` whenever the sheet's geometry changes; returns the stop function.
 */
function watchSheet(win: Window, change: (sheet: ViewProps['sheet']) => void): () => void {
  const query = win.matchMedia?.(SHEET_QUERY);
  const vv = win.visualViewport;
  const full = globalThis.CSS?.supports?.('height', '100dvh') ? '100dvh' : '100vh';
  const update = () =>
    change(query?.matches ? (vv ? { height: `${vv.height}px`, top: vv.offsetTop } : { height: full, top: 0 }) : null);
  query?.addEventListener?.('change', update);
  vv?.addEventListener('resize', update);
  vv?.addEventListener('scroll', update);
  update();
  return () => {
    query?.removeEventListener?.('change', update);
    vv?.removeEventListener('resize', update);
    vv?.removeEventListener('scroll', update);
  };
}

export function mountModal(options: ModalOptions): ModalController {
  const doc = options.document ?? document;
  const root = doc.createElement('div');
  root.className = 'hosted-journey-modal';
  // The words follow the locale the first frame's URL carries (words/load.ts); until then, and while a lazy catalogue
  // loads, there are none (never English ones). The first frame is set in the same task as the mount.
  // The dialog's name is the frame's: the default title in the locale's words once they are there (frame.ts renames
  // the frame), an integrator's own title as given.
  let words = BLANK;
  let title = options.title;
  let chosen = false;
  const chooseWords = (iframe: HTMLIFrameElement) => {
    chosen = true;
    const lang = frameLocale(iframe);
    if (lang === DEFAULT_LOCALE) words = EN_AU;
    else
      loadWords(lang).then((w) => {
        words = w.words;
        if (title === EN_AU.title) title = words.title;
        Object.assign(root, { lang: w.lang, dir: w.dir });
        if (mounted) draw();
      });
  };
  root.lang = DEFAULT_LOCALE;
  let hidden = options.hidden === true;
  if (hidden) {
    for (const [k, v] of HIDDEN_ATTRS) root.setAttribute(k, v);
    root.style.visibility = 'hidden';
  }
  doc.body.appendChild(root);
  if (!hidden) lockScroll(doc);
  const slot: { current: HTMLDivElement | null } = { current: null };
  let status: ModalStatus = 'loading';
  let mounted = true;
  let sheet: ViewProps['sheet'] = null;
  /** In the sheet the frame fills the slot (the journey scrolls inside); elsewhere it keeps the resizer's height. */
  const fitFrame = () => {
    const style = slot.current?.querySelector('iframe')?.style;
    if (style) style.minHeight = style.maxHeight = sheet ? '100%' : '';
  };
  const draw = () =>
    render(
      <ModalView
        title={title}
        words={words}
        status={status}
        onClose={options.onClose}
        onRetry={options.onRetry}
        hidden={hidden}
        slot={slot}
        sheet={sheet}
      />,
      root,
    );
  const stopSheet = watchSheet(doc.defaultView ?? window, (next) => {
    sheet = next;
    if (!mounted) return;
    draw();
    fitFrame();
  }); // draws at once

  return {
    root,
    setFrame(iframe) {
      if (!mounted || !slot.current) return;
      slot.current.replaceChildren(iframe);
      fitFrame();
      if (chosen) return;
      chooseWords(iframe);
      draw();
    },
    setStatus(next) {
      if (!mounted) return;
      status = next;
      draw();
    },
    show() {
      if (!mounted || !hidden) return;
      hidden = false;
      for (const [k] of HIDDEN_ATTRS) root.removeAttribute(k);
      root.style.visibility = '';
      lockScroll(doc);
      draw();
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      stopSheet();
      render(null, root);
      root.remove();
      if (!hidden) unlockScroll(doc);
    },
  };
}
