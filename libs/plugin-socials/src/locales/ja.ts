import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': '{provider} のウィンドウで続ける',
  'social.opening': '{provider} を開いています…',
  'social.waiting': '開いたウィンドウで {provider} にサインインしてください。このページは自動で進みます。',
  'social.blocked': 'ブラウザが {provider} のウィンドウをブロックしました。',
  'social.open': '{provider} のウィンドウを開く',
  'social.closed': 'サインインの前に {provider} のウィンドウが閉じられました。',
  'social.failed': '{provider} でのサインインに失敗しました: {reason}',
  'social.retry': 'もう一度試す',
  'social.back': 'サインイン方法に戻る',
  'social.unavailable': 'このアプリではソーシャルサインインが設定されていません。',
  'social.noWallet': 'ウォレットは作成したデバイスにあり、復元パスワードは設定されていません。そのデバイスでログインし、アカウントから設定してください。',
  'social.initFailed': '認証の開始中に問題が発生しました',
  'farcaster.scan': 'Farcaster でサインインするには、スマートフォンのカメラでこの QR コードをスキャンしてください。',
  'farcaster.open': 'Farcaster を開く',
  'farcaster.copy': 'リンクをコピー',
  'farcaster.copied': 'リンクをコピーしました',
  'farcaster.qrLabel': 'Farcaster でサインインするための QR コード',
  'farcaster.expired': 'QR コードは使用される前に期限切れになりました。',
  'farcaster.getNew': '新しい QR コードを取得',
  // The manifest's labels.
  'connectMethods.social': 'ソーシャル',
  'views.SocialConnecting': '接続中',
} satisfies TranslationOf<typeof en>;
