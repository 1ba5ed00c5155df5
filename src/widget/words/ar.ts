/** The widget's catalogue in Arabic, written right to left (a lazy part: words/load.ts). */
import type { WidgetCatalogue } from './en-AU.js';

export const WORDS: WidgetCatalogue = {
  title: 'اربط حسابك المصرفي',
  close: 'إغلاق',
  loading: 'جارٍ التحميل…',
  retry: 'إعادة المحاولة',
  failed: 'حدث خطأ ما وتعذّر عرض هذه الصفحة. يُرجى المحاولة مرة أخرى.',
};
