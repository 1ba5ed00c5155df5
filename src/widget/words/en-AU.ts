/**
 * The widget's catalogue in en-AU, built in: the words a customer reads around the journey (the modal's close button
 * and loading state, the error view). `onError`'s `message` is for developers and stays English; the error view shows
 * `failed`, never that message. The frame's and the dialog's default name is `title`'s default (options.ts), kept in
 * the inline bundle, which this catalogue is not.
 */
export const EN_AU = {
  close: 'Close',
  loading: 'Loading…',
  retry: 'Try again',
  /** The error view, whatever failed (`onError` tells the developer what). */
  failed: 'Something went wrong and this page could not be shown. Please try again.',
};

export type WidgetWords = typeof EN_AU;
export type WidgetKey = keyof WidgetWords;
