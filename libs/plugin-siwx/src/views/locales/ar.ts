import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'وقّع هذه الرسالة لتثبت أنك تملك هذه المحفظة.',
  'siwx.sign': 'توقيع',
  'siwx.cancel': 'إلغاء',
  'siwx.authenticating': 'جارٍ المصادقة...',
  'siwx.error.initFailed': 'حدثت مشكلة أثناء بدء المصادقة',
  'siwx.error.declined': 'رُفض التوقيع',
  'siwx.error.smartAccount': 'قد لا يدعم هذا التطبيق الحسابات الذكية',
  // The manifest's labels.
  'views.SIWXSignMessage': 'تسجيل الدخول',
  'alerts.siwx-init-failed.title': 'تسجيل الدخول',
  'alerts.siwx-init-failed.message': 'حدثت مشكلة أثناء بدء المصادقة',
} satisfies TranslationOf<typeof en>;
