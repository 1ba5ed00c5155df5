/**
 * `createJourney`: the lifecycle of one mount. It wires the parts, each in its own file: options (validation + URL),
 * iframe (factory), messenger (checked messages), resizer, watchdog, modal (lazy Preact UI), events (delivery) and
 * prewarm (hidden load before `open()`).
 *
 * Prewarm constraints: while `shown` is false the frame is concealed, the journey was told `hidden` in `welcome`, the
 * watchdog does not run and journey events are held; `open()` reveals in place (never re-creates the frame), tells the
 * journey `visibility: visible`, starts the watchdog if not ready yet, and delivers the held events (so `onReady` fires
 * at once when the journey is already ready).
 */
import {
  buildBankRedirectUrl,
  createChannelId,
  type JourneyEvent,
  type JourneyEventPayloads,
  type JourneyEventType,
} from '../protocol/browser.js';
import { EventHub } from './events.js';
import { createJourneyIframe } from './iframe.js';
import { Messenger } from './messenger.js';
import type { ModalController } from './modal.js';
import { loadModalScript } from './modal-loader.js';
import { resolveOptions } from './options.js';
import { Resizer, type ResizerModule } from './resizer.js';
import { saveJourney } from './save.js';
import { JourneyWidgetErrorCode, type JourneyHandle, type JourneyOptions, type JourneyState } from './types.js';
import { createWatchdog } from './watchdog.js';

/** Seams for unit tests; integrators never pass these. */
export interface JourneyDeps {
  loadResizer?: () => Promise<ResizerModule>;
  loadModal?: () => Promise<{ mountModal: typeof import('./modal.js').mountModal }>;
}

const hinted: Record<string, unknown> = {};

/** `<link rel="preconnect">` to the journey origin, once per origin per page (journeys without `prewarm`). */
const preconnect = (origin: string): unknown =>
  (hinted[origin] ??= document.head.appendChild(
    Object.assign(document.createElement('link'), { rel: 'preconnect', href: origin }),
  ));

export function createJourneyWith(options: JourneyOptions, deps: JourneyDeps = {}): JourneyHandle {
  const channel = createChannelId();
  const cfg = resolveOptions(options, window.location.origin, channel);
  const hub = new EventHub(options);
  let state: JourneyState = 'idle';
  let iframe: HTMLIFrameElement | null = null;
  let resizer: Resizer | null = null;
  let modal: ModalController | null = null;
  /** Bumped on every mount/teardown so a late `import()` of the modal cannot resurrect a closed journey. */
  let generation = 0;
  /** False while prewarmed and not opened; `held` keeps the journey's events until `open()`. */
  let shown = true;
  let held: JourneyEvent[] = [];
  /** The prewarm chunk, once loaded (only journeys with `prewarm` load it: the inline path without it stays lean). */
  let pw: typeof import('./prewarm.js') | undefined;
  let cancelPrewarm = () => {};

  /** Where DOM events go: `eventTarget`, else the container (inline) or the modal root (modal). */
  const host = (): EventTarget | null =>
    options.eventTarget ?? (cfg.mode === 'inline' ? cfg.container : (modal?.root ?? null));

  const messenger = new Messenger({
    origin: cfg.journeyOrigin,
    channel,
    getTarget: () => iframe?.contentWindow ?? null,
    prefill: cfg.handshakePrefill,
    bankAuthorisation: { strategy: cfg.bankAuthorisation, returnUrl: cfg.returnUrl },
    hidden: () => !shown,
    onEvent: (event) => onJourneyEvent(event),
    onInvalid: (info) => hub.invalid(info, host()),
  });

  const watchdog = createWatchdog(cfg.readyTimeoutMs, () => {
    if (state !== 'loading') return;
    state = 'error';
    const message = `The journey did not signal ready within ${cfg.readyTimeoutMs} ms.`;
    modal?.setStatus('error', message);
    // Loud without onError: a wrong journeyOrigin would otherwise leave a blank frame and a silent console.
    options.onError || console.error('hosted-journey: no ready from', cfg.journeyOrigin);
    hub.deliver(
      { type: 'error', payload: { code: JourneyWidgetErrorCode.READY_TIMEOUT, message, recoverable: true } },
      host(),
      false,
    );
  });

  function onJourneyEvent(event: JourneyEvent): void {
    if (event.type === 'ready' && (state === 'loading' || state === 'error')) {
      state = 'ready';
      watchdog.stop();
      modal?.setStatus('ready');
    } else if (event.type === 'error' && !event.payload.recoverable) {
      state = 'error';
      watchdog.stop();
      modal?.setStatus('error', event.payload.message);
    }
    if (!shown) held.push(event);
    else if (event.type === 'bank_authorisation') bankStep(event);
    else {
      hub.deliver(event, host());
      if (event.type === 'exit' && cfg.mode === 'modal') close();
    }
  }

  /**
   * The only code that moves the host page. It goes nowhere but the journey origin's bank-redirect endpoint for the
   * consent (URL built here from `journeyOrigin`; the message carries no URL), and only when the popup was blocked or
   * the strategy is `redirect`. An opened popup never moves the page; any other request is refused (`onError`).
   */
  function bankStep(event: Extract<JourneyEvent, { type: 'bank_authorisation' }>): void {
    const { consentId, popup } = event.payload;
    if (popup !== 'opened' && popup !== 'blocked' && cfg.bankAuthorisation !== 'redirect') {
      const message = 'Bank redirect refused: popup strategy, popup not blocked.';
      hub.deliver(
        { type: 'error', payload: { code: JourneyWidgetErrorCode.BANK_REDIRECT_REFUSED, message, recoverable: true } },
        host(),
        false,
      );
      return;
    }
    hub.deliver(event, host());
    if (popup === 'opened') {
      hub.phase({ phase: 'opened', consentId });
      return;
    }
    const url = buildBankRedirectUrl({
      journeyOrigin: cfg.journeyOrigin,
      vendor: options.vendor,
      customerId: options.customerId,
      consentId,
    });
    hub.phase({ phase: 'redirecting', url });
    // Saves what `resumeJourney()` needs first. (A lazy chunk cost more bytes than it saved.)
    saveJourney(channel, {
      ...options,
      mode: cfg.mode,
      bankAuthorisation: cfg.bankAuthorisation,
      returnUrl: cfg.returnUrl,
    });
    window.location.assign(url);
  }

  /** Creates a fresh iframe, listens before it loads, starts resizer and watchdog. */
  function startFrame(into: (frame: HTMLIFrameElement) => void): void {
    const frame = createJourneyIframe({ title: cfg.title, channel, minHeight: cfg.minHeight });
    iframe = frame;
    if (!shown) pw!.conceal(frame);
    messenger.start();
    frame.src = cfg.url;
    into(frame);
    resizer = new Resizer({
      iframe: frame,
      journeyOrigin: cfg.journeyOrigin,
      minHeight: cfg.minHeight,
      maxHeight: cfg.maxHeight,
      load: deps.loadResizer,
    });
    state = 'loading';
    if (shown) watchdog.start();
  }

  /** Removes the iframe and everything attached to it (resizer first: it needs the frame attached). */
  function stopFrame(): void {
    watchdog.stop();
    resizer?.stop();
    resizer = null;
    messenger.stop();
    iframe?.remove();
    iframe = null;
  }

  function mount(): void {
    const mine = ++generation;
    if (cfg.mode === 'inline') {
      startFrame((frame) => cfg.container!.appendChild(frame));
      return;
    }
    state = 'loading';
    // The script-tag build loads the modal as a sibling file; ES builds as a lazy chunk (decided at build time).
    const load =
      deps.loadModal ??
      (typeof __HJ_SCRIPT_BUILD__ !== 'undefined' && __HJ_SCRIPT_BUILD__
        ? loadModalScript
        : () => import('./modal.js'));
    load()
      .then(({ mountModal }) => {
        if (mine !== generation) return;
        modal = mountModal({ title: cfg.title, onClose: userClose, onRetry: retry, hidden: !shown });
        startFrame((frame) => modal!.setFrame(frame));
      })
      .catch((error: unknown) => {
        if (mine !== generation) return;
        state = 'error';
        const message = `The journey window could not be shown: ${String(error)}`;
        hub.deliver(
          { type: 'error', payload: { code: JourneyWidgetErrorCode.MODAL_LOAD_FAILED, message, recoverable: true } },
          host(),
          false,
        );
      });
  }

  function unmount(): void {
    cancelPrewarm();
    generation++;
    shown = true;
    held = [];
    stopFrame();
    modal?.unmount();
    modal = null;
  }

  function open(): void {
    cancelPrewarm();
    if (state === 'idle' || state === 'closed') {
      mount();
      return;
    }
    if (shown) return; // also after destroy(): unmount() sets it
    shown = true;
    pw!.show(iframe, modal, messenger);
    if (state === 'loading') watchdog.start();
    held.splice(0).forEach(onJourneyEvent);
  }

  function close(): void {
    if (state === 'idle' || state === 'closed' || state === 'destroyed') return;
    if (messenger.connected) messenger.send('close', {}); // best effort: the frame is removed right after
    unmount();
    state = 'closed';
  }

  /**
   * Like the journey's own `exit`: delivered while the modal is still in the page (so its DOM event bubbles), then
   * closed.
   */
  function userClose(): void {
    hub.deliver({ type: 'exit', payload: { reason: 'user_closed' } }, host(), false);
    close();
  }

  function retry(): void {
    if (state === 'destroyed') return;
    if (state === 'idle' || state === 'closed') {
      open();
      return;
    }
    if (cfg.mode === 'modal' && !modal) return; // the modal is still loading; it will start the frame itself
    stopFrame();
    modal?.setStatus('loading');
    startFrame((frame) => (cfg.mode === 'inline' ? cfg.container!.appendChild(frame) : modal!.setFrame(frame)));
  }

  function destroy(): void {
    if (state === 'destroyed') return;
    unmount();
    hub.clear();
    state = 'destroyed';
  }

  // `prewarm` was checked by resolveOptions; the prewarm chunk schedules it and looks the trigger selector up, so the
  // inline bundle without prewarm carries no code for them.
  if (options.prewarm) {
    void import('./prewarm.js').then((p) => {
      if (state !== 'idle') return; // opened or destroyed meanwhile
      pw = p;
      // open(), retry() and destroy() cancel it first, so it fires only while idle.
      cancelPrewarm = p.schedule(options, () => {
        shown = false;
        mount();
      });
    });
  } else preconnect(cfg.journeyOrigin);

  return {
    get state() {
      return state;
    },
    get iframe() {
      return iframe;
    },
    channel,
    url: cfg.url,
    open,
    close,
    destroy,
    retry,
    on<T extends JourneyEventType>(type: T, fn: (payload: JourneyEventPayloads[T]) => void) {
      return state === 'destroyed' ? () => {} : hub.on(type, fn);
    },
    off: (type, fn) => hub.off(type, fn),
    // Checked in every state (misuse throws, as the bridge's emit does even unframed); sent only while mounted.
    send: (type, payload) =>
      messenger.send(type, payload, state !== 'destroyed' && state !== 'closed' && state !== 'idle'),
  };
}

/**
 * Creates a journey mount. Validates every option (throwing `JourneyConfigError` before touching the DOM);
 * `open()` mounts it.
 *
 * @example
 * const journey = createJourney({
 *   vendor: 'acme', customerId: 'cust_1234', journeyOrigin: 'https://journey.example.com',
 *   container: '#bank-connect', onComplete: ({ applicationId }) => save(applicationId),
 * });
 * journey.open();
 */
export function createJourney(options: JourneyOptions): JourneyHandle {
  return createJourneyWith(options);
}
