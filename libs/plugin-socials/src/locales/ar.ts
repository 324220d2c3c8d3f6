import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': 'تابع في نافذة {provider}',
  'social.opening': 'جارٍ فتح {provider}…',
  'social.waiting': 'سجّل الدخول عبر {provider} في النافذة التي فُتحت. ستتابع هذه الصفحة تلقائيًا.',
  'social.blocked': 'حظر المتصفح نافذة {provider}.',
  'social.open': 'افتح نافذة {provider}',
  'social.closed': 'أُغلقت نافذة {provider} قبل تسجيل الدخول.',
  'social.failed': 'لم ينجح تسجيل الدخول عبر {provider}: {reason}',
  'social.retry': 'حاول مرة أخرى',
  'social.back': 'العودة إلى خيارات تسجيل الدخول',
  'social.unavailable': 'تسجيل الدخول الاجتماعي غير مُعدّ لهذا التطبيق.',
  'social.noWallet': 'محفظتك على الجهاز الذي أنشأتها عليه، ولم تُعيَّن كلمة مرور للاسترداد. سجّل الدخول هناك وعيّن واحدة من حسابك.',
  'social.initFailed': 'حدثت مشكلة أثناء بدء المصادقة',
  'farcaster.scan': 'امسح رمز QR هذا بكاميرا هاتفك لتسجيل الدخول عبر Farcaster.',
  'farcaster.open': 'افتح Farcaster',
  'farcaster.copy': 'نسخ الرابط',
  'farcaster.copied': 'تم نسخ الرابط',
  'farcaster.qrLabel': 'رمز QR لتسجيل الدخول عبر Farcaster',
  'farcaster.expired': 'انتهت صلاحية رمز QR قبل استخدامه.',
  'farcaster.getNew': 'احصل على رمز QR جديد',
  // The manifest's labels.
  'connectMethods.social': 'حساب اجتماعي',
  'views.SocialConnecting': 'جارٍ الربط',
} satisfies TranslationOf<typeof en>;
