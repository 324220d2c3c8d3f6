import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': '簽署此訊息以證明你擁有這個錢包。',
  'siwx.sign': '簽署',
  'siwx.cancel': '取消',
  'siwx.authenticating': '正在驗證…',
  'siwx.error.initFailed': '初始化身分驗證時發生問題',
  'siwx.error.declined': '簽署已被拒絕',
  'siwx.error.smartAccount': '此應用程式可能不支援智慧帳戶',
  // The manifest's labels.
  'views.SIWXSignMessage': '登入',
  'alerts.siwx-init-failed.title': '登入',
  'alerts.siwx-init-failed.message': '初始化身分驗證時發生問題',
} satisfies TranslationOf<typeof en>;
