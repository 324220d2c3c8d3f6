import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'الرمز', 'send.amount': 'المبلغ', 'send.max': 'الحد الأقصى', 'send.to': 'إلى', 'send.network': 'الشبكة', 'send.fee': 'رسوم الشبكة',
  'send.review': 'مراجعة', 'send.back': 'رجوع', 'send.send': 'إرسال', 'send.confirmInWallet': 'أكّد في محفظتك…', 'send.sent': 'تم إرسال {amount} {symbol}',
  'send.explorer': 'عرض على {explorer}', 'send.done': 'تم', 'send.loading': 'جارٍ تحميل أرصدتك…', 'send.unavailable': 'الإرسال غير متاح لهذا الحساب.',
  'send.error.amount': 'أدخل مبلغًا أكبر من 0 بما لا يزيد عن {decimals} منازل عشرية.', 'send.error.balance': 'رصيد {symbol} غير كافٍ.',
  'send.error.withFee': 'لا يكفي {symbol} لهذا المبلغ ورسوم الشبكة.', 'send.error.fee': 'لا يكفي {symbol} لدفع رسوم الشبكة.',
  'send.error.recipient': 'مستلم غير صالح: {problem}.', 'send.error.estimate': 'سيفشل هذا التحويل: {reason}', 'send.error.rejected': 'رُفض التحويل في المحفظة.',
  'send.status.pending': 'بانتظار التأكيد…',
  'send.status.confirmed': 'تم التأكيد.',
  'send.status.failed': 'فشل التحويل على الشبكة.',
  'send.status.dropped': 'أُسقط التحويل قبل تأكيده.',
  'send.pick': 'اختر رمزًا مميزًا',
  'send.search': 'ابحث بالاسم أو الرمز أو العنوان',
  'send.noMatch': 'لا يوجد رمز مميز يطابق «{query}».',
  // The manifest's labels.
  'views.Send': 'إرسال',
  'walletButtons.send': 'إرسال',
} satisfies TranslationOf<typeof en>;
