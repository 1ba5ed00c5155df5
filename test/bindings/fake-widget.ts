/**
 * A recording stand-in for `createJourney`, for the bindings' unit tests only (the Chromium specs use the real widget).
 * `open()` appends a `.fake-iframe` element to the container (happy-dom refuses to load real iframes), so tests can
 * count what is mounted.
 */
import type { JourneyHandle, JourneyOptions, JourneyState } from '../../src/widget/index.js';

export interface FakeJourney {
  options: JourneyOptions;
  handle: JourneyHandle;
  destroyed: boolean;
  iframe: HTMLIFrameElement;
  /** Simulates a journey event reaching the widget: calls the matching callbacks as the real widget does. */
  emit(type: 'ready' | 'completed' | 'step', payload: Record<string, unknown>): void;
}

export const journeys: FakeJourney[] = [];
export const live = () => journeys.filter((j) => !j.destroyed);

const CALLBACK: Record<string, keyof JourneyOptions> = { ready: 'onReady', completed: 'onComplete', step: 'onStep' };

export function createJourney(options: JourneyOptions): JourneyHandle {
  if (!options.vendor)
    throw Object.assign(new Error('vendor is required.'), { name: 'JourneyConfigError', code: 'INVALID_VENDOR' });
  // The real widget's placement rules (src/widget/options.ts).
  if (options.mode === 'modal' && options.container !== undefined)
    throw Object.assign(new Error('container is for inline'), {
      name: 'JourneyConfigError',
      code: 'INVALID_CONTAINER',
    });
  if (options.mode !== 'modal' && options.container === undefined)
    throw Object.assign(new Error('inline needs a container'), {
      name: 'JourneyConfigError',
      code: 'INVALID_CONTAINER',
    });
  let state: JourneyState = 'idle';
  const iframe = document.createElement('div') as unknown as HTMLIFrameElement;
  iframe.className = 'fake-iframe';
  const record: FakeJourney = {
    options,
    destroyed: false,
    iframe,
    handle: undefined as unknown as JourneyHandle,
    emit(type, payload) {
      if (type === 'ready') state = 'ready';
      (options[CALLBACK[type]!] as ((p: unknown) => void) | undefined)?.(payload);
      options.onEvent?.({ type, payload } as never);
    },
  };
  record.handle = {
    get state() {
      return state;
    },
    channel: `chan_${journeys.length}_xxxxxxxx`,
    get iframe() {
      return record.destroyed ? null : iframe;
    },
    url: `${options.journeyOrigin}/i/${options.vendor}/${options.customerId}`,
    bankAuthorisation: options.bankAuthorisation === 'redirect' ? 'redirect' : 'popup',
    open() {
      // Like the real widget: createJourney mounts nothing; open() does.
      if (state !== 'idle' || record.destroyed) return;
      (options.mode === 'modal' ? document.body : (options.container as HTMLElement)).appendChild(iframe);
      state = 'loading';
    },
    close() {},
    destroy() {
      record.destroyed = true;
      state = 'destroyed';
      iframe.remove();
    },
    retry() {},
    on: () => () => {},
    off() {},
    send() {},
  };
  journeys.push(record);
  return record.handle;
}
