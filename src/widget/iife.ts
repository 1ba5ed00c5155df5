/**
 * The `<script>` build: global `HostedJourney` with `createJourney`, `buildJourneyUrl`, the error class and its
 * guard, and `resume()` (= `resumeJourney`), `mounted` (a promise of the auto-mounted handle, or null). Auto-mounts
 * from its own `<script>` element's data attributes. What only some journeys need (the modal and Preact, prewarm, the
 * plain protocol, the typo warning) it loads from next to itself, `hosted-journey.<part>.js` (script-parts.ts).
 * Its `buildJourneyUrl` builds a web page's journey URL: an app's (`nativeBridge`) is built by the ES module or the
 * server, so the script tag carries none of that code.
 */
import { autoMount } from './automount.js';
import { ownScript, setScriptBase } from './script-parts.js';

export {
  createJourney,
  resumeJourney,
  resumeJourney as resume,
  isJourneyConfigError,
  JourneyConfigError,
  JourneyWidgetErrorCode,
} from './index.js';
export { buildWebJourneyUrl as buildJourneyUrl } from '../protocol/browser.js';

// A second copy of this file on the page: each copy auto-mounts its own tag, often twice into one container.
if ((globalThis as { HostedJourney?: unknown }).HostedJourney)
  console.warn('hosted-journey: the script is included twice; include hosted-journey.iife.js once per page.');
const script = typeof document !== 'undefined' ? ownScript(document) : null;
setScriptBase(script);
export const mounted = autoMount(script);
