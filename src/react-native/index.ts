// Package entry './react-native': the journey in a React Native app (react-native-webview, an optional peer). No
// React Native code runs in the web entries; this entry imports none of the widget.
export { HostedJourneyView } from './view.js';
export type { HostedJourneyViewProps } from './view.js';
export { createAppJourneyController } from './controller.js';
export type { AppJourneyCallbacks, AppJourneyController, AppJourneyControllerOptions } from './controller.js';
export { buildJourneyUrl, JourneyConfigError, isJourneyConfigError } from '../protocol/browser.js';
export type { AppEvent, AppEventPayloads, AppEventStamp, NativeBridge } from '../protocol/browser.js';
