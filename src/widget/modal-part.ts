/**
 * The modal part of a journey: loads the overlay's code — the script build appends the sibling file
 * (modal-loader.ts), ES builds import a lazy chunk; decided at build time (`__HJ_SCRIPT_BUILD__`), so each build
 * carries only its own path — and mounts it. Its own file so that the script build's modal file
 * (modal-script.ts → modal-loader.ts) never sees the `import()` of the modal.
 */
import type { mountModal } from './modal.js';
import { loadModalScript } from './modal-loader.js';

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
      (typeof __HJ_SCRIPT_BUILD__ !== 'undefined' && __HJ_SCRIPT_BUILD__ ? loadModalScript() : import('./modal.js'))
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
