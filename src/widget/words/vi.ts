/** The widget's catalogue in Vietnamese (a lazy part: words/load.ts). */
import type { WidgetCatalogue } from './en-AU.js';

export const WORDS: WidgetCatalogue = {
  title: 'Kết nối tài khoản ngân hàng của bạn',
  close: 'Đóng',
  loading: 'Đang tải…',
  retry: 'Thử lại',
  failed: 'Đã xảy ra lỗi nên không thể hiển thị trang này. Vui lòng thử lại.',
};
