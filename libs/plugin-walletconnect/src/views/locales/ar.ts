import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect غير مفعّل',
  'walletconnect.preparing': 'جارٍ تجهيز رمز QR',
  'walletconnect.openApp': 'افتح {name}',
  'walletconnect.appMissing': 'لم يُفتح {name}.',
  'walletconnect.dontHave': 'ليس لديك {name}؟',
  'walletconnect.getApp': 'احصل على {name}',
  'walletconnect.openWeb': 'افتح في المتصفح',
  'walletconnect.qrLabel': 'رمز QR الخاص بـ WalletConnect',
  'walletconnect.scan': 'امسح رمز QR هذا بهاتفك',
  'walletconnect.scanFromOther': 'أو امسح رمز QR هذا بمحفظة على جهاز آخر',
  'walletconnect.copy': 'نسخ الرابط',
  'walletconnect.copied': 'تم نسخ الرابط',
  'walletconnect.request.failed': 'لم يكتمل الطلب',
  'walletconnect.request.failedMessage': 'تعذّر الوصول إلى محفظتك لأن الاتصال بها انقطع. حاول مرة أخرى.',
  'walletconnect.request.close': 'إغلاق',
  'walletconnect.request.waiting': 'في انتظار محفظتك',
  'walletconnect.request.whenBack': 'سيصل الطلب إلى محفظتك فور عودة الاتصال.',
  'walletconnect.request.confirm': 'أكّد الطلب في محفظتك.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'طلب المحفظة',
  'alerts.walletconnect-connection-interrupted.title': 'انقطع الاتصال بمحفظتك',
  'alerts.walletconnect-connection-interrupted.message': 'جارٍ إعادة الاتصال… لا يمكن لمحفظتك تلقي الطلبات حتى يعود الاتصال.',
} satisfies TranslationOf<typeof en>;
