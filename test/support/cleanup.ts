// What a test opened (sandboxes, receivers, servers), closed after each test in the order it was pushed.
import { afterEach } from 'vitest';

/** Registers the afterEach that empties the returned list, awaiting each closer in turn. */
export function cleanupAfterEach(): Array<() => Promise<void>> {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0)) await fn();
  });
  return cleanup;
}
