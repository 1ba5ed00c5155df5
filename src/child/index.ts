// Package entry './child': the journey-side bridge, for the hosted journey's own pages.
export { connectToParent, DEFAULT_HANDSHAKE_TIMEOUT_MS } from './bridge.js';
export type { BankAuthorisationWelcome, ConnectOptions, JourneyBridge, JourneyBridgeCore } from './bridge.js';
export {
  JourneyConfigError,
  JourneyConfigErrorCode,
  isJourneyConfigError,
} from '../protocol/browser.js';
export type {
  EmittableEventType,
  JourneyEventPayloads,
  JourneyEventType,
  JourneyPrefill,
  ParentMessagePayloads,
  ParentMessageType,
} from '../protocol/browser.js';
export { connectToApp, checkReturnLink } from './app.js';
export type { AppJourneyBridge, ConnectToAppOptions } from './app.js';
export type { AppEvent, AppEventPayloads, AppEventStamp, AppMessagePayloads } from '../protocol/browser.js';
