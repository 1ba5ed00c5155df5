/** The sandbox bank pages in Arabic, written right to left. */
import type { BankWords } from './en-AU.js';

export const WORDS: BankWords = {
  secure: 'موافقة آمنة',
  fallbackBank: 'البنك التجريبي',
  footer: 'البنك التجريبي — بيانات اختبار فقط. لا يوجد هنا أي حساب حقيقي.',
  errorTitle: 'حدث خطأ ما',
  'error.NOT_FOUND': 'هذا البنك غير موجود في البيئة التجريبية.',
  'error.CONSENT_NOT_FOUND': 'طلب الموافقة هذا غير موجود لدى هذا البنك.',
  'error.CONSENT_ALREADY_DECIDED': 'تمت الإجابة على طلب الموافقة هذا من قبل.',
  'error.RENEWAL_CANCELLED':
    'تم إلغاء طلب التجديد هذا: توقفت مشاركة البيانات التي كان سيجددها أو انتهت، أو حلّ محله طلب أحدث.',
  'error.INVALID_FORM_TOKEN': 'لم يُصدر البنك هذا النموذج. ابدأ من جديد من الطلب.',
  'error.other': 'تعذّر على البنك معالجة هذا الطلب. ابدأ من جديد من الطلب.',
  pageTitle: '{bank} — مشاركة بياناتك',
  title: 'مشاركة بياناتك',
  asking: 'يطلب {vendor} الوصول إلى بيانات حساباتك لدى {bank}.',
  accounts: 'الحسابات',
  balance: 'الرصيد {amount}',
  shared: 'البيانات التي سنشاركها',
  howLong: 'المدة',
  'cdr.customer': 'اسمك ووظيفتك، لمطابقة سجلاتك المصرفية معك.',
  'cdr.accounts': 'اسم كل حساب ونوعه ورصيده ورقمه، وأسعار الفائدة والرسوم والشروط الخاصة به.',
  'cdr.transactions':
    'الأموال الواردة إلى حساباتك والصادرة منها: المبالغ والتواريخ والأوصاف والجهة التي دُفعت لها أو منها.',
  deny: 'رفض',
  approve: 'موافقة',
  'sharing.pageTitle': '{bank} — إدارة مشاركة البيانات',
  'sharing.title': 'إدارة مشاركة البيانات',
  'sharing.with': 'تشارك بيانات حساباتك لدى {bank} مع {vendor}.',
  'sharing.until': 'المشاركة حتى {date}',
  'sharing.revoked': 'توقفت المشاركة',
  'sharing.expired': 'انتهت المشاركة',
  'sharing.none': 'لا توجد مشاركة',
  'sharing.stop': 'إيقاف المشاركة',
};
