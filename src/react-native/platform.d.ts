/**
 * The few declarations of react-native (0.88) and react-native-webview (16) that `HostedJourneyView` uses, written
 * against their published types. Neither package is installed here (react-native 0.88 needs Node 22): these stand in
 * for them so the binding type-checks; with the packages installed, delete this file and their own types apply.
 */
declare module 'react-native' {
  import type { ComponentType } from 'react';
  export interface EmitterSubscription {
    remove(): void;
  }
  export const Linking: {
    openURL(url: string): Promise<unknown>;
    getInitialURL(): Promise<string | null>;
    addEventListener(type: 'url', handler: (event: { url: string }) => void): EmitterSubscription;
  };
  export type StyleProp<T> = T | readonly StyleProp<T>[] | null | undefined | false;
  export interface ViewStyle {
    flex?: number;
    [key: string]: unknown;
  }
  export const View: ComponentType<{ style?: StyleProp<ViewStyle> }>;
}

declare module 'react-native-webview' {
  import type { Component } from 'react';
  import type { StyleProp, ViewStyle } from 'react-native';
  export interface WebViewMessageEvent {
    nativeEvent: { data: string; url: string };
  }
  export interface ShouldStartLoadRequest {
    url: string;
    isTopFrame?: boolean;
  }
  export interface WebViewProps {
    source: { uri: string };
    originWhitelist?: string[];
    onMessage?: (event: WebViewMessageEvent) => void;
    onShouldStartLoadWithRequest?: (request: ShouldStartLoadRequest) => boolean;
    javaScriptEnabled?: boolean;
    setSupportMultipleWindows?: boolean;
    javaScriptCanOpenWindowsAutomatically?: boolean;
    sharedCookiesEnabled?: boolean;
    style?: StyleProp<ViewStyle>;
  }
  export class WebView extends Component<WebViewProps> {
    injectJavaScript(script: string): void;
  }
  export default WebView;
}
