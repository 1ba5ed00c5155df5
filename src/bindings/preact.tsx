/**
 * `hosted-journey/preact`: `<HostedJourney … />`.
 *
 * Constraints:
 * 1. One journey per mounted component, opened on mount (inline into the rendered div, or the modal); unmount
 *    destroys it. With `prewarm` it is prewarmed hidden instead (`'intent'` trigger: the `prewarmTrigger` prop, else
 *    the rendered div) and `handleRef`'s `open()` shows it.
 * 2. A change of any non-callback option (vendor, customerId, journeyOrigin, startAt, institutionId, collect, theme,
 *    mode, …) destroys and re-creates the journey; compared by value, so inline objects are fine.
 * 3. A change of callbacks only never re-creates: the latest callbacks are read from a ref when an event arrives.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { JSX } from 'preact';
import { createJourney } from '../widget/index.js';
import type { JourneyHandle } from '../widget/index.js';
import { callbackProxies, configKey, configOf, type BindingOptions } from './shared.js';

export interface HostedJourneyProps extends BindingOptions {
  /** Class of the host `<div>` the journey mounts into. @example 'checkout-journey' */
  class?: string;
  /** Alias of `class`. @example 'checkout-journey' */
  className?: string;
  /** Id of the host `<div>`. @example 'journey' */
  id?: string;
  /**
   * Receives the live handle after each (re-)creation and `null` when it is destroyed; use it for `open()`,
   * `close()`, `retry()` or `send()`.
   * @example handleRef={(h) => (journey = h)}
   */
  handleRef?: (handle: JourneyHandle | null) => void;
}

/**
 * Mounts a hosted journey into a `<div>` this component renders.
 *
 * @example
 * <HostedJourney vendor="acme" customerId="cust_1234" journeyOrigin="https://journey.example.com"
 *   onComplete={({ applicationId }) => save(applicationId)} />
 */
export function HostedJourney(props: HostedJourneyProps): JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const key = configKey(props as unknown as Record<string, unknown>);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const options = configOf(latest.current as unknown as Record<string, unknown>) as unknown as BindingOptions;
    // A modal mounts on document.body and refuses a container; inline (the default here) needs one. Either way the
    // DOM events come from the rendered div.
    const placement = options.mode === 'modal' ? {} : { container };
    const handle = createJourney({
      ...(options.prewarm === 'intent' ? { prewarmTrigger: container } : {}),
      ...options,
      ...callbackProxies(() => latest.current),
      eventTarget: container,
      ...placement,
    });
    if (!options.prewarm) handle.open();
    latest.current.handleRef?.(handle);
    return () => {
      handle.destroy();
      latest.current.handleRef?.(null);
    };
  }, [key]);

  return <div ref={host} id={props.id} class={props.class ?? props.className} data-hosted-journey="" />;
}

export type { JourneyHandle, JourneyOptions } from '../widget/index.js';
