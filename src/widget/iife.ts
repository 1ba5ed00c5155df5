/**
 * The `<script>` build: global `HostedJourney` with `createJourney`, `buildJourneyUrl`, the error class and its
 * guard, and `resume()` (= `resumeJourney`), `mounted` (a promise of the auto-mounted handle, or null). Auto-mounts
 * from `document.currentScript`'s data attributes. In modal mode it loads `hosted-journey.modal.js` from next to itself
 * (Preact and the modal UI stay out of this file).
 */
import { autoMount } from './automount.js';
import { setModalScriptBase } from './modal-loader.js';

export {
  createJourney,
  resumeJourney,
  resumeJourney as resume,
  buildJourneyUrl,
  isJourneyConfigError,
  JourneyConfigError,
  JourneyWidgetErrorCode,
} from './index.js';

const script = typeof document !== 'undefined' ? (document.currentScript as HTMLElement | null) : null;
setModalScriptBase(script as HTMLScriptElement | null);
export const mounted = autoMount(script);
