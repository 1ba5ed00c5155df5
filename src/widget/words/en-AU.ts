/**
 * The widget's catalogue in en-AU, built in: the words a customer reads around the journey (the modal's close button
 * and loading state, the error view). `onError`'s `message` is for developers and stays English; the error view shows
 * `failed`, never that message.
 */
import { TITLE } from './title.js';

export const EN_AU = {
  title: TITLE,
  close: 'Close',
  loading: 'Loading…',
  retry: 'Try again',
  /** The error view, whatever failed (`onError` tells the developer what). */
  failed: 'Something went wrong and this page could not be shown. Please try again.',
};

export type WidgetWords = typeof EN_AU;
export type WidgetKey = keyof WidgetWords;
/** A locale's widget catalogue: a key it lacks shows in en-AU. */
export type WidgetCatalogue = Partial<WidgetWords>;
