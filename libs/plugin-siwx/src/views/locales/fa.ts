import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'این پیام را امضا کنید تا ثابت شود این کیف پول متعلق به شماست.',
  'siwx.sign': 'امضا',
  'siwx.cancel': 'لغو',
  'siwx.authenticating': 'در حال احراز هویت...',
  'siwx.error.initFailed': 'هنگام آغاز احراز هویت مشکلی پیش آمد',
  'siwx.error.declined': 'امضا رد شد',
  'siwx.error.smartAccount': 'ممکن است این برنامه از حساب‌های هوشمند پشتیبانی نکند',
  // The manifest's labels.
  'views.SIWXSignMessage': 'ورود',
  'alerts.siwx-init-failed.title': 'ورود',
  'alerts.siwx-init-failed.message': 'هنگام آغاز احراز هویت مشکلی پیش آمد',
} satisfies TranslationOf<typeof en>;
