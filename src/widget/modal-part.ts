/**
 * The modal part of a journey: loads the overlay's code (a lazy chunk; the script build's sibling file
 * `hosted-journey.modal.js`, see script-parts.ts) and mounts it.
 */
import type { mountModal } from './modal.js';

/** The overlay once loaded and mounted (`controller`), else `null`. */
export interface ModalPart {
  readonly controller: ReturnType<typeof mountModal> | null;
  /**
   * Loads the overlay's code and mounts it, then calls `ready`; `failed` gets the load error. A load that settles
   * after `unmount()` is ignored, so it cannot resurrect a closed journey.
   */
  mount(options: Parameters<typeof mountModal>[0], ready: () => void, failed: (error: unknown) => void): void;
  unmount(): void;
}

export function createModalPart(): ModalPart {
  let controller: ModalPart['controller'] = null;
  /** Bumped on every mount and unmount: only the latest load may mount. */
  let generation = 0;
  return {
    get controller() {
      return controller;
    },
    mount(options, ready, failed) {
      const mine = ++generation;
      import('./modal.js')
        .then(({ mountModal }) => {
          if (mine !== generation) return;
          controller = mountModal(options);
          ready();
        })
        .catch((error: unknown) => mine === generation && failed(error));
    },
    unmount() {
      generation++;
      controller?.unmount();
      controller = null;
    },
  };
}
