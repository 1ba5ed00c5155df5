/**
 * `createJourney`: the lifecycle of one mount. The factory resolves the options once (options.ts) and composes the
 * parts, each in its own file: the frame (iframe + resizer, frame.ts), the messenger (checked messages), the modal
 * (lazy Preact overlay, modal-part.ts), prewarm (hidden load before `open()`, prewarm.ts) and the round trip (the
 * bank step, roundtrip.ts); events.ts delivers what the journey says. `Journey` holds the parts and moves one
 * mount between states; it is the handle `createJourney` returns.
 *
 * Prewarm constraints: while `shown` is false the frame is concealed, the journey was told `hidden` in `welcome`, the
 * watchdog does not run and journey events are held; `open()` reveals in place (never re-creates the frame), tells the
 * journey `visibility: visible`, starts the watchdog if not ready yet, and delivers the held events (so `onReady` fires
 * at once when the journey is already ready). The customer's details never reach the journey before `open()`: with
 * `prefillIn: 'query'` the hidden frame loads the URL without them, and `open()` loads the journey again with them.
 */
import {
  createChannelId,
  type JourneyEvent,
  type JourneyEventType,
  type ParentMessagePayloads,
  type SendableMessageType,
} from '../protocol/browser.js';
import { EventHub, partMissing } from './events.js';
import { createFrame, type Frame } from './frame.js';
import { Messenger } from './messenger.js';
import { createModalPart } from './modal-part.js';
import { type ResolvedOptions, resolveOptions } from './options.js';
import { type BankEvent, createRoundTrip } from './roundtrip.js';
import { startSession } from './session.js';
import type {
  BankStrategy,
  JourneyWidgetErrorCode,
  JourneyHandle,
  JourneyOptions,
  JourneyState,
  TimedPayloads,
} from './types.js';
import { createWatchdog, type Watchdog } from './watchdog.js';

/**
 * How long a loaded frame may stay silent before `NO_JOURNEY`: a journey says `hello` as its scripts run, before its
 * `load` event, so a page still silent this long after `load` is not a journey speaking to this page.
 */
export const NO_JOURNEY_MS = 3000;

/** The `step` of the `ready` the widget fires for a journey that runs no bridge (at its frame's `load`). */
export const PLAIN_READY_STEP = 'loaded';

const hinted: Record<string, unknown> = {};

/** `<link rel="preconnect">` to the journey origin, once per origin per page (journeys without `prewarm`). */
const preconnect = (origin: string): unknown =>
  (hinted[origin] ??= document.head.appendChild(
    Object.assign(document.createElement('link'), { rel: 'preconnect', href: origin }),
  ));

/** One mount: its resolved configuration, its parts and where it stands. */
class Journey implements JourneyHandle {
  readonly channel = createChannelId();
  readonly url: string;
  readonly bankAuthorisation: BankStrategy;
  readonly #cfg: ResolvedOptions;
  readonly #hub: EventHub;
  readonly #messenger: Messenger;
  readonly #frame: Frame;
  readonly #modal = createModalPart();
  readonly #watchdog: Watchdog;
  /** Runs from the frame's `load` until the journey's `hello` (see `NO_JOURNEY_MS`). */
  readonly #silence = createWatchdog(NO_JOURNEY_MS, () => this.#unanswered('NO_JOURNEY'));
  /** The current frame fired `load`. */
  #loaded = false;
  readonly #bank: (event: BankEvent) => void;
  #state: JourneyState = 'idle';
  /** False while prewarmed and not opened; `#held` keeps the journey's events until `open()`. */
  #shown = true;
  #held: Array<() => void> = [];
  /** The prewarm chunk, once loaded (only journeys with `prewarm` load it: the inline path without it stays lean). */
  #pw: typeof import('./prewarm.js') | undefined;
  #cancelPrewarm = () => {};
  /** Plain mode: the current frame said `RELEASED` (a journey may say it in two shapes; `released` fires once). */
  #released = false;
  /** Plain mode: the chunk that takes the journey's messages apart, once asked for. */
  #plainPart: Promise<typeof import('./plain.js')> | undefined;

  constructor(options: JourneyOptions) {
    const cfg = (this.#cfg = resolveOptions(options, window.location.origin, this.channel));
    const shown = () => this.#shown;
    const hub = (this.#hub = new EventHub(cfg.callbacks, cfg.bankAuthorisation));
    this.url = cfg.url;
    this.bankAuthorisation = cfg.bankAuthorisation;
    this.#messenger = new Messenger({
      origin: cfg.journeyOrigin,
      channel: this.channel,
      getTarget: () => this.#frame.iframe?.contentWindow ?? null,
      // Hidden (prewarmed): none in `welcome`; open() sends it with `visibility`.
      get prefill() {
        return shown() ? cfg.handshakePrefill : undefined;
      },
      get session() {
        return hub.session;
      },
      bankAuthorisation: { strategy: cfg.bankAuthorisation, returnUrl: cfg.returnUrl },
      hidden: () => !this.#shown,
      mode: cfg.mode,
      onEvent: (event) => this.#route(event),
      onInvalid: (info) => this.#hub.invalid(info, this.#host()),
      raw: cfg.plain ? (data) => this.#plain(data) : undefined,
    });
    this.#frame = createFrame(
      cfg,
      this.channel,
      this.#messenger,
      () => {
        this.#loaded = true;
        // A journey that runs no bridge says no `ready`: its frame's load stands for it.
        if (cfg.plain && this.#state === 'loading') this.#route({ type: 'ready', payload: { step: PLAIN_READY_STEP } });
        this.#listen();
      },
      hub,
    );
    this.#watchdog = createWatchdog(cfg.readyTimeoutMs, () => this.#unanswered('READY_TIMEOUT'));
    this.#bank = createRoundTrip(
      cfg,
      this.channel,
      this.#hub,
      (event) => this.#hub.deliver(event, this.#host()),
      (code, message) => this.#raise(code, message),
    );
    this.#prewarm();
  }

  get state(): JourneyState {
    return this.#state;
  }

  get iframe(): HTMLIFrameElement | null {
    return this.#frame.iframe;
  }

  readonly open = (): void => {
    this.#cancelPrewarm();
    if (this.#state === 'idle' || this.#state === 'closed') {
      this.#hub.opened();
      this.#mount();
      return;
    }
    if (this.#shown) return; // also after destroy(): #unmount() sets it
    this.#hub.opened();
    this.#shown = true;
    this.#pw!.show(this.#frame.iframe, this.#modal.controller, this.#messenger, this.#cfg.handshakePrefill);
    // Prefill in the URL (`prefillIn: 'query'`): the hidden frame loaded without it; the journey loads again with it.
    if (this.#cfg.warmUrl !== this.#cfg.url) {
      this.#held = [];
      this.retry();
      return;
    }
    if (this.#state === 'loading') this.#watchdog.start();
    this.#listen();
    for (const deliver of this.#held.splice(0)) deliver();
  };

  readonly close = (): void => {
    if (this.#state === 'idle' || this.#state === 'closed' || this.#state === 'destroyed') return;
    if (this.#messenger.connected) this.#messenger.send('close', {}); // best effort: the frame is removed right after
    this.#unmount();
    this.#state = 'closed';
  };

  readonly destroy = (): void => {
    if (this.#state === 'destroyed') return;
    this.#unmount();
    this.#hub.clear();
    this.#state = 'destroyed';
  };

  readonly retry = (): void => {
    if (this.#state === 'destroyed') return;
    if (this.#state === 'idle' || this.#state === 'closed') {
      this.open();
      return;
    }
    if (!this.#cfg.container && !this.#modal.controller) return; // the modal is still loading; it starts the frame
    this.#watchdog.stop();
    this.#frame.stop();
    this.#modal.controller?.setStatus('loading');
    this.#startFrame();
  };

  readonly on = <T extends JourneyEventType>(type: T, fn: (payload: TimedPayloads[T]) => void): (() => void) =>
    this.#state === 'destroyed' ? () => {} : this.#hub.on(type, fn);

  readonly off = <T extends JourneyEventType>(type: T, fn: (payload: TimedPayloads[T]) => void): void =>
    this.#hub.off(type, fn);

  /** Checked in every state (misuse throws, as the bridge's emit does even unframed); sent only while mounted. */
  readonly send = <T extends SendableMessageType>(type: T, payload: ParentMessagePayloads[T]): void => {
    const s = this.#state;
    this.#messenger.send(type, payload, !this.#cfg.plain && s !== 'destroyed' && s !== 'closed' && s !== 'idle');
  };

  /** Where DOM events go: `eventTarget`, else the container (inline) or the modal root (modal). */
  #host(): EventTarget | null {
    return this.#cfg.eventTarget ?? this.#cfg.container ?? this.#modal.controller?.root ?? null;
  }

  /**
   * An error the widget raises itself: the callback, `on()` and the DOM, not `onEvent`. With no element to carry it
   * (a modal whose code never loaded has no root), its DOM event goes to the document.
   */
  #raise(code: JourneyWidgetErrorCode, message: string): void {
    const to = this.#host() ?? globalThis.document ?? null;
    this.#hub.deliver({ type: 'error', payload: { code, message, recoverable: true } }, to, false);
  }

  /** Shown, loading, loaded and no `hello` yet: the silence countdown runs. */
  #listen(): void {
    if (this.#shown && this.#loaded && this.#state === 'loading' && !this.#messenger.connected && !this.#cfg.plain)
      this.#silence.start();
  }

  /**
   * No journey answered: no `ready` within `readyTimeoutMs` (READY_TIMEOUT), or a loaded frame and no `hello`
   * within `NO_JOURNEY_MS` (NO_JOURNEY). Both watchdogs stop, the resizer stops asking the frame, and the error view
   * shows (the catalogue's words, never the developer's message): the modal's, or the same view inline. The message,
   * with the cause the page could observe, comes from a lazy part (no-journey.ts), so the inline path carries none of
   * its words; without that part it is the journey origin alone. A journey that answered late, a retry or a close
   * meanwhile ends this failure: nothing is raised.
   */
  #unanswered(code: 'READY_TIMEOUT' | 'NO_JOURNEY'): void {
    if (this.#state !== 'loading' || (code === 'NO_JOURNEY' && this.#messenger.connected)) return;
    this.#state = 'error';
    this.#watchdog.stop();
    this.#silence.stop();
    this.#frame.quiet();
    const cfg = this.#cfg;
    if (cfg.container) this.#frame.fail(this.retry);
    else this.#modal.controller?.setStatus('error');
    import('./no-journey.js')
      .then(
        (p) => p.unansweredMessage(code, cfg, NO_JOURNEY_MS),
        () => cfg.journeyOrigin,
      )
      .then((message) => this.#state === 'error' && this.#raise(code, message));
  }

  /**
   * A journey event: updates the state, then holds it (prewarmed), runs the bank step, or delivers it. Escape pressed
   * in the journey closes a modal as its own Escape does.
   */
  #route(event: JourneyEvent): void {
    if (event.type === 'escape') return void (this.#cfg.container || this.#leave());
    if (event.type === 'ready' && (this.#state === 'loading' || this.#state === 'error')) {
      this.#state = 'ready';
      this.#watchdog.stop();
      this.#modal.controller?.setStatus('ready');
      this.#frame.recover();
    } else if (event.type === 'error' && !event.payload.recoverable) {
      this.#state = 'error';
      this.#watchdog.stop();
      this.#modal.controller?.setStatus('error');
    }
    if (!this.#shown) this.#held.push(() => this.#route(event));
    else if (event.type === 'bank_authorisation') this.#bank(event);
    else {
      this.#hub.deliver(event, this.#host());
      if (event.type === 'exit' && this.#cfg.mode === 'modal') this.close();
    }
  }

  /** A message from a journey that runs no bridge: `onJourneyMessage`, then `released` for a `RELEASED` one. */
  #plain(data: unknown): void {
    if (!this.#shown) {
      this.#held.push(() => this.#plain(data));
      return;
    }
    const frame = this.#frame.iframe;
    // In order: every message waits on the same promise. One whose frame was closed or replaced meanwhile is dropped.
    const part = (this.#plainPart ??= import('./plain.js'));
    part.then(
      (p) => {
        if (this.#frame.iframe !== frame || !p.takePlain(data, this.#cfg, this.#hub, this.#host()) || this.#released)
          return;
        this.#released = true;
        this.#route({ type: 'released', payload: {} });
      },
      // Said once for the messages waiting on this load; the next message tries again.
      (error) => {
        if (this.#plainPart !== part) return;
        this.#plainPart = undefined;
        this.#loadFailed('PART_LOAD_FAILED', "The journey's messages could not be read", error);
      },
    );
  }

  /** A fresh frame in the container or the overlay; the watchdog runs once it is shown. */
  #startFrame(): void {
    const into = this.#cfg.container;
    this.#silence.stop();
    this.#loaded = this.#released = false;
    this.#frame.start(
      (frame) => (into ? into.appendChild(frame) : this.#modal.controller!.setFrame(frame)),
      this.#shown ? undefined : this.#pw!.conceal,
    );
    this.#state = 'loading';
    if (this.#shown) this.#watchdog.start();
  }

  /** A new journey session (session.ts), then the frame: in the container, or in the overlay once it loaded. */
  #mount(): void {
    this.#hub.session = startSession(this.#cfg.traceparent);
    if (this.#cfg.container) {
      this.#startFrame();
      return;
    }
    this.#state = 'loading';
    this.#modal.mount(
      {
        title: this.#cfg.title,
        onClose: this.#leave,
        onRetry: () => this.retry(),
        hidden: !this.#shown,
      },
      () => this.#startFrame(),
      (error) => {
        this.#state = 'error';
        this.#loadFailed('MODAL_LOAD_FAILED', 'The journey window could not be shown', error);
      },
    );
  }

  /**
   * The customer closed the modal (its button, Escape in the page or in the journey). Like the journey's own `exit`:
   * delivered while the modal is still in the page (so its DOM event bubbles).
   */
  readonly #leave = (): void => {
    this.#hub.deliver({ type: 'exit', payload: { reason: 'user_closed' } }, this.#host(), false);
    this.close();
  };

  /** A part the journey cannot go on without (the modal, the plain protocol's reader) did not load. */
  #loadFailed(code: JourneyWidgetErrorCode, what: string, error: unknown): void {
    this.#raise(code, `${what}: ${(error as Error)?.message ?? error}`);
  }

  #unmount(): void {
    this.#cancelPrewarm();
    this.#shown = true;
    this.#held = [];
    this.#watchdog.stop();
    this.#silence.stop();
    this.#frame.stop();
    this.#modal.unmount();
  }

  /** Prewarm (the lazy chunk schedules it and looks the trigger up), else a preconnect hint. */
  #prewarm(): void {
    if (!this.#cfg.prewarm) {
      preconnect(this.#cfg.journeyOrigin);
      return;
    }
    // Without its part the journey still opens, cold: a warning, not an error.
    import('./prewarm.js').then((p) => {
      if (this.#state !== 'idle') return; // opened or destroyed meanwhile
      this.#pw = p;
      // open(), retry() and destroy() cancel it first, so it fires only while idle.
      this.#cancelPrewarm = p.schedule(this.#cfg, () => {
        this.#shown = false;
        this.#mount();
      });
    }, partMissing);
  }
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
  return new Journey(options);
}
