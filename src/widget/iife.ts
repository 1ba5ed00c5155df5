/**
 * The `<script>` build: global `HostedJourney` with `createJourney`, `buildJourneyUrl`, the error guard, and
 * `resume()` (= `resumeJourney`), `mounted` (a promise of the auto-mounted handle, or null). Auto-mounts from `document.currentScript`'s data attributes.
 */
import { autoMount } from './automount.js';

export { createJourney, resumeJourney, resumeJourney as resume, buildJourneyUrl, isJourneyConfigError, JourneyConfigError, JourneyWidgetErrorCode } from './index.js';

const script = typeof document !== 'undefined' ? (document.currentScript as HTMLElement | null) : null;
export const mounted = autoMount(script);
