/**
 * `hosted-journey/react`: `useHostedJourney(options)` and `<HostedJourney … />`. React is a peer dependency and is
 * never bundled (the build keeps bare imports external).
 *
 * Constraints:
 * 1. Exactly one journey per mounted hook, also under `<StrictMode>`: StrictMode runs effects mount → unmount → mount
 *    synchronously; creation waits one microtask and is cancelled by the interleaved cleanup, so only one iframe is
 *    ever created (no wasted load, no second handshake).
 * 2. The journey is opened as soon as it exists (inline into the ref'd element, or the modal); unmount (or the host
 *    element going away) destroys it. With `prewarm` it is prewarmed hidden instead (`'intent'` trigger: the
 *    `prewarmTrigger` prop, else the ref'd element) and `handle.open()` shows it.
 * 3. A change of any non-callback option re-creates it (compared by value); callbacks are read from a ref.
 * 4. A `JourneyConfigError` from `createJourney` is re-thrown during render, so error boundaries see it.
 */
import { createElement, useEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactElement } from 'react';
import { createJourney } from '../widget/index.js';
import type { JourneyHandle } from '../widget/index.js';
import { callbackProxies, configKey, configOf, type BindingOptions } from './shared.js';

/** Journey state as the hook reports it; `'idle'` until the journey has been created. */
export type HostedJourneyState = JourneyHandle['state'] | 'idle';

export interface UseHostedJourneyResult {
  /** Put this on the element the journey should mount into: `<div ref={ref} />`. */
  ref: (element: HTMLElement | null) => void;
  /** Refreshed after every journey event. */
  state: HostedJourneyState;
  /** The live handle (`open()`, `close()`, `retry()`, `send()`), or `null` before mount and after unmount. */
  handle: JourneyHandle | null;
}

/**
 * Mounts a hosted journey into the element you attach `ref` to.
 *
 * @example
 * function Connect({ customerId }: { customerId: string }) {
 *   const { ref, state } = useHostedJourney({
 *     vendor: 'acme', customerId, journeyOrigin: 'https://journey.example.com',
 *     onComplete: ({ applicationId }) => save(applicationId),
 *   });
 *   return <div ref={ref} aria-busy={state !== 'ready'} />;
 * }
 */
export function useHostedJourney(options: BindingOptions): UseHostedJourneyResult {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [handle, setHandle] = useState<JourneyHandle | null>(null);
  const [state, setState] = useState<HostedJourneyState>('idle');
  const [, setFailure] = useState<unknown>(null);
  const latest = useRef(options);
  latest.current = options;
  const key = configKey(options as unknown as Record<string, unknown>);

  useEffect(() => {
    if (!element) return;
    let cancelled = false;
    let live: JourneyHandle | null = null;
    const sync = () => {
      if (live && !cancelled) setState(live.state);
    };
    queueMicrotask(() => {
      if (cancelled) return;
      const config = configOf(latest.current as unknown as Record<string, unknown>) as unknown as BindingOptions;
      try {
        // A modal mounts on document.body and refuses a container; inline (the default here) needs one. Either way
        // the DOM events come from the ref'd element.
        const placement = config.mode === 'modal' ? {} : { container: element };
        live = createJourney({
          ...(config.prewarm === 'intent' ? { prewarmTrigger: element } : {}),
          ...config,
          ...callbackProxies(() => latest.current, sync),
          eventTarget: element,
          ...placement,
        });
      } catch (error) {
        setFailure(() => {
          throw error;
        });
        return;
      }
      if (!config.prewarm) live.open();
      setHandle(live);
      sync();
    });
    return () => {
      cancelled = true;
      live?.destroy();
      setHandle(null);
      setState('idle');
    };
  }, [element, key]);

  return { ref: setElement, state, handle };
}

export interface HostedJourneyProps extends BindingOptions {
  /** Class of the host `<div>`. @example 'checkout-journey' */
  className?: string;
  /** Inline style of the host `<div>` (needs `style-src 'unsafe-inline'` under a strict CSP; prefer `className`). */
  style?: CSSProperties;
  /** Id of the host `<div>`. @example 'journey' */
  id?: string;
  /**
   * Receives the live handle after each (re-)creation and `null` when it goes away.
   * @example handleRef={(h) => (journeyRef.current = h)}
   */
  handleRef?: (handle: JourneyHandle | null) => void;
}

/**
 * Renders a `<div>` and mounts a hosted journey into it.
 *
 * @example
 * <HostedJourney vendor="acme" customerId="cust_1234" journeyOrigin="https://journey.example.com"
 *   onComplete={({ applicationId }) => save(applicationId)} />
 */
export function HostedJourney(props: HostedJourneyProps): ReactElement {
  const { className, style, id, handleRef, ...options } = props;
  const { ref, handle } = useHostedJourney(options);
  const latestHandleRef = useRef(handleRef);
  latestHandleRef.current = handleRef;
  useEffect(() => {
    latestHandleRef.current?.(handle);
  }, [handle]);
  useEffect(() => () => latestHandleRef.current?.(null), []);
  return createElement('div', { ref, className, style, id, 'data-hosted-journey': '' });
}

export type { JourneyHandle, JourneyOptions } from '../widget/index.js';
