/** The widget's catalogue in Traditional Chinese, for Taiwan and Hong Kong alike (a lazy part: words/load.ts). */
import type { WidgetCatalogue } from './en-AU.js';

export const WORDS: WidgetCatalogue = {
  title: '連結您的銀行帳戶',
  close: '關閉',
  loading: '載入中…',
  retry: '重試',
  failed: '發生錯誤，無法顯示此頁面。請重試。',
};
