// Package entry '.': the browser widget. Importing it has no side effects and touches no browser global,
// so server-side rendering can import it.
export { createJourney } from './journey.js';
export { resumeJourney } from './resume.js';
export { RESUME_TTL_MS } from './save.js';
export type { ResumeOptions } from './resume.js';
export { JourneyWidgetErrorCode } from './types.js';
export type {
  BankAuthorisationPhase,
  BankStrategy,
  InvalidMessageInfo,
  EventTime,
  JourneySession,
  StepTime,
  TimedPayloads,
  TimedJourneyEvent,
  JourneyCallbacks,
  JourneyDomEventMap,
  JourneyErrorCode,
  JourneyErrorInfo,
  JourneyHandle,
  JourneyMode,
  JourneyOptions,
  JourneyState,
} from './types.js';
export { DOM_EVENT_PREFIX } from './events.js';
export {
  buildJourneyUrl,
  JourneyConfigError,
  JourneyConfigErrorCode,
  isJourneyConfigError,
} from '../protocol/browser.js';
// The locales the widget and the journey ship, for a language picker or a server choosing `locale`.
export type {
  BankAuthorisationStatus,
  CollectOption,
  DecodeFailure,
  JourneyEvent,
  JourneyEventPayloads,
  JourneyEventType,
  JourneyPrefill,
  JourneyTheme,
  JourneyUrlOptions,
  ParentMessagePayloads,
  ParentMessageType,
  SendableMessageType,
  ShippedLocale,
  StartAt,
} from '../protocol/browser.js';
