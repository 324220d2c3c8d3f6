import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'このウォレットの所有者であることを証明するため、このメッセージに署名してください。',
  'siwx.sign': '署名',
  'siwx.cancel': 'キャンセル',
  'siwx.authenticating': '認証しています…',
  'siwx.error.initFailed': '認証の開始中に問題が発生しました',
  'siwx.error.declined': '署名が拒否されました',
  'siwx.error.smartAccount': 'このアプリはスマートアカウントに対応していない可能性があります',
  // The manifest's labels.
  'views.SIWXSignMessage': 'ログイン',
  'alerts.siwx-init-failed.title': 'ログイン',
  'alerts.siwx-init-failed.message': '認証の開始中に問題が発生しました',
} satisfies TranslationOf<typeof en>;
