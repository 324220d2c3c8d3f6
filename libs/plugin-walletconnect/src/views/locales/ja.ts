import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect が有効になっていません',
  'walletconnect.preparing': 'QR コードを準備しています',
  'walletconnect.openApp': '{name} を開く',
  'walletconnect.appMissing': '{name} を開けませんでした。',
  'walletconnect.dontHave': '{name} をお持ちでない場合',
  'walletconnect.getApp': '{name} を入手',
  'walletconnect.openWeb': 'ブラウザで開く',
  'walletconnect.qrLabel': 'WalletConnect の QR コード',
  'walletconnect.scan': 'スマートフォンでこの QR コードをスキャンしてください',
  'walletconnect.scanFromOther': 'または別の端末のウォレットでこの QR コードをスキャンしてください',
  'walletconnect.copy': 'リンクをコピー',
  'walletconnect.copied': 'リンクをコピーしました',
  'walletconnect.request.failed': 'リクエストを完了できませんでした',
  'walletconnect.request.failedMessage': 'ウォレットとの接続が途切れたため、ウォレットに届きませんでした。もう一度お試しください。',
  'walletconnect.request.close': '閉じる',
  'walletconnect.request.waiting': 'ウォレットの応答を待っています',
  'walletconnect.request.whenBack': '接続が戻りしだい、リクエストはウォレットに送られます。',
  'walletconnect.request.confirm': 'ウォレットでリクエストを確認してください。',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'ウォレットへのリクエスト',
  'alerts.walletconnect-connection-interrupted.title': 'ウォレットとの接続が途切れました',
  'alerts.walletconnect-connection-interrupted.message': '再接続しています… 接続が戻るまで、ウォレットはリクエストを受け取れません。',
} satisfies TranslationOf<typeof en>;
