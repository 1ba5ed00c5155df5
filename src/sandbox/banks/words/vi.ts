/** The sandbox bank pages in Vietnamese. */
import type { BankWords } from './en-AU.js';

export const WORDS: BankWords = {
  secure: 'Đồng ý bảo mật',
  fallbackBank: 'Ngân hàng thử nghiệm',
  footer: 'Ngân hàng thử nghiệm — chỉ có dữ liệu kiểm thử. Không có tài khoản thật nào ở đây.',
  errorTitle: 'Đã xảy ra lỗi',
  'error.NOT_FOUND': 'Ngân hàng này không tồn tại trong môi trường thử nghiệm.',
  'error.CONSENT_NOT_FOUND': 'Yêu cầu đồng ý này không tồn tại tại ngân hàng này.',
  'error.CONSENT_ALREADY_DECIDED': 'Yêu cầu đồng ý này đã được trả lời.',
  'error.RENEWAL_CANCELLED':
    'Yêu cầu gia hạn này đã bị hủy: việc chia sẻ dữ liệu mà nó gia hạn đã bị dừng hoặc đã kết thúc, ' +
    'hoặc một yêu cầu mới hơn đã thay thế nó.',
  'error.INVALID_FORM_TOKEN': 'Biểu mẫu này không do ngân hàng phát hành. Hãy bắt đầu lại từ hồ sơ.',
  'error.other': 'Ngân hàng không thể xử lý yêu cầu này. Hãy bắt đầu lại từ hồ sơ.',
  pageTitle: '{bank} — chia sẻ dữ liệu của bạn',
  title: 'Chia sẻ dữ liệu của bạn',
  asking: '{vendor} đang yêu cầu truy cập dữ liệu từ các tài khoản {bank} của bạn.',
  accounts: 'Tài khoản',
  balance: 'Số dư {amount}',
  shared: 'Dữ liệu chúng tôi sẽ chia sẻ',
  howLong: 'Thời hạn',
  'cdr.customer': 'Họ tên và nghề nghiệp của bạn, để đối chiếu hồ sơ ngân hàng với bạn.',
  'cdr.accounts': 'Tên, loại, số dư và số của từng tài khoản, cùng lãi suất, phí và điều khoản của tài khoản đó.',
  'cdr.transactions': 'Tiền vào và ra khỏi tài khoản của bạn: số tiền, ngày, nội dung và người nhận hoặc người chuyển.',
  deny: 'Từ chối',
  approve: 'Chấp thuận',
  'sharing.pageTitle': '{bank} — quản lý chia sẻ dữ liệu',
  'sharing.title': 'Quản lý chia sẻ dữ liệu',
  'sharing.with': 'Bạn đang chia sẻ dữ liệu từ các tài khoản {bank} với {vendor}.',
  'sharing.until': 'Chia sẻ đến {date}',
  'sharing.revoked': 'Đã ngừng chia sẻ',
  'sharing.expired': 'Đã hết hạn chia sẻ',
  'sharing.none': 'Không chia sẻ',
  'sharing.stop': 'Ngừng chia sẻ',
};
