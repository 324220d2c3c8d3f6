import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': 'المبلغ',
  'onramp.currency': 'العملة',
  'onramp.providers': 'شراء {symbol} عبر',
  'onramp.best': 'أفضل سعر',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'الرسوم {fee}',
  'onramp.feeRange': 'الرسوم 1–2 %',
  'onramp.quoting': 'جارٍ جلب عروض الأسعار…',
  'onramp.noQuote': 'لا يوجد عرض سعر',
  'onramp.opening': 'جارٍ فتح {provider}…',
  'onramp.inProgress': 'الشراء قيد التنفيذ',
  'onramp.inProgressHint': 'أكمل عملية الشراء في نافذة {provider}. سيتحدّث رصيدك هنا عند وصول {symbol}.',
  'onramp.openAgain': 'فتح {provider} مجددًا',
  'onramp.popupBlocked': 'حظر متصفحك نافذة {provider}.',
  'onramp.stop': 'إيقاف الانتظار',
  'onramp.arrived': 'وصل {amount} {symbol}',
  'onramp.done': 'تم',
  'onramp.unavailable': 'شراء العملات المشفّرة غير متاح لهذا الحساب.',
  'onramp.restricted': 'شراء العملات المشفّرة غير متاح في منطقتك.',
  'onramp.error.amount': 'أدخل مبلغًا أكبر من 0 بما لا يزيد عن منزلتين عشريتين.',
  'onramp.error.open': 'تعذّر فتح {provider}: {reason}',
  'onramp.error.quotes': 'عروض الأسعار غير متاحة حاليًا ({reason})؛ رسوم المزوّدين 1–2 %.',
  'onramp.loading': 'جارٍ التحميل…',
  'onramp.unavailableNetwork': 'شراء العملات المشفّرة غير متاح على {network}.',
  'onramp.error.options': 'الشراء غير مُعدّ بشكل صحيح على هذا الموقع: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'اختر مزوّدًا',
  'walletButtons.onramp': 'شراء',
} satisfies TranslationOf<typeof en>;
