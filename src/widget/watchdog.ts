/**
 * The ready watchdog: fires once if `ready` does not arrive within `timeoutMs` of the iframe starting to load.
 */
export interface Watchdog {
  /** (Re)starts the countdown. */
  start(): void;
  /** Stops it (ready arrived, or teardown). */
  stop(): void;
}

export function createWatchdog(timeoutMs: number, onTimeout: () => void): Watchdog {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    start() {
      stop();
      timer = setTimeout(() => {
        timer = undefined;
        onTimeout();
      }, timeoutMs);
    },
    stop,
  };
}
