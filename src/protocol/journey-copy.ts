/**
 * What the journey pages and the journey origin's server-rendered bank pages both say [ours], so the two never
 * disagree: the history period and the access's duration (a small catalogue of their own, per locale), the vendor's
 * display name and the font stack. Not a wire format, but shared by both sides, so it lives here (the sandbox's Node
 * code never imports `journey/browser/`); not re-exported from `src/protocol/index.ts`, so in no public surface.
 */
import { DEFAULT_LOCALE, fill, type Locale } from './locale.js';
import { pseudoCatalogue } from './pseudo.js';

/**
 * Days of transaction history the sandbox retrieves (and the bank's consent page asks for): the journey's and the
 * bank's period both come from here. A profile's `days_to_retrieve` may ask for more.
 */
export const HISTORY_DAYS = 90;

/**
 * The period, duration and sharing period as the pages word them, per locale; `{days}` is a number of days, formatted
 * with `Intl`.
 */
const EN_AU_COPY = {
  period: 'Transactions from the last {days}, read-only',
  duration: 'Once-off: access ends after collection',
  sharing: 'Sharing period: {days}',
};
type CopyKey = keyof typeof EN_AU_COPY;
export const CONSENT_COPY: Record<Locale, Partial<Record<CopyKey, string>>> = {
  'en-AU': EN_AU_COPY,
  'en-XA': pseudoCatalogue(EN_AU_COPY),
  'zh-Hans': {
    period: '最近{days}的交易记录，只读',
    duration: '一次性：收集完成后访问即结束',
    sharing: '共享期限：{days}',
  },
  'zh-Hant': {
    period: '最近{days}的交易紀錄，僅供讀取',
    duration: '一次性：收集完成後存取即結束',
    sharing: '分享期限：{days}',
  },
  ar: {
    period: 'المعاملات خلال آخر {days}، للقراءة فقط',
    duration: 'لمرة واحدة: ينتهي الوصول بعد جمع البيانات',
    sharing: 'مدة المشاركة: {days}',
  },
  vi: {
    period: 'Giao dịch trong {days} gần nhất, chỉ đọc',
    duration: 'Một lần: quyền truy cập kết thúc sau khi thu thập',
    sharing: 'Thời hạn chia sẻ: {days}',
  },
};

const words = (locale: Locale) => ({ ...CONSENT_COPY[DEFAULT_LOCALE], ...CONSENT_COPY[locale] }) as typeof EN_AU_COPY;
/** One formatter per locale: making an Intl.NumberFormat costs about forty times formatting with it. */
const dayFormats = new Map<Locale, Intl.NumberFormat>();
function dayCount(locale: Locale, days: number): string {
  let f = dayFormats.get(locale);
  if (!f)
    dayFormats.set(locale, (f = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' })));
  return f.format(days);
}

/**
 * The journey's catalogues that are not built into its page bundle [ours], one per `TRANSLATED_LOCALES` (locale.ts):
 * each is a file of its own beside it, `/assets/journey-words.<locale>.js`, that the page loads only when it
 * negotiates that locale, and that registers its words under `JOURNEY_WORDS_GLOBAL`. The sandbox serves these names.
 */
export const JOURNEY_WORDS_GLOBAL = '__hjJourneyWords';
export const journeyWordsAsset = (locale: Locale): string => `journey-words.${locale}.js`;

/** The period and duration in `locale` (a missing one in en-AU). */
export function consentCopy(locale: Locale): { period: string; duration: string } {
  const w = words(locale);
  return { period: fill(w.period, { days: dayCount(locale, HISTORY_DAYS) }), duration: w.duration };
}

/** The sharing period of a consent, as the bank's pages say it, in `locale`. */
export function sharingPeriodText(days: number, locale: Locale): string {
  return fill(words(locale).sharing, { days: dayCount(locale, days) });
}

/**
 * The vendor's display name from its label: each `-`/`_`-separated word capitalised (`acme` → `Acme`,
 * `acme-lending` → `Acme Lending`). The journey's header and body text and the bank page all use it.
 */
export function vendorDisplayName(label: string): string {
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The journey's font stack (journey.css `--hj-font`); the bank pages use it too, so no page falls back to a serif. */
export const SYSTEM_FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
