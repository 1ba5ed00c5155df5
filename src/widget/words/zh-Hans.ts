/** The widget's catalogue in Simplified Chinese (a lazy part: words/load.ts). */
import type { WidgetCatalogue } from './en-AU.js';

export const WORDS: WidgetCatalogue = {
  title: '连接您的银行账户',
  close: '关闭',
  loading: '正在加载…',
  retry: '重试',
  failed: '出了点问题，无法显示此页面。请重试。',
};
