import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': '尚未啟用 WalletConnect',
  'walletconnect.preparing': '正在產生 QR 碼',
  'walletconnect.openApp': '開啟 {name}',
  'walletconnect.appMissing': '{name} 未能開啟。',
  'walletconnect.dontHave': '還沒有 {name}？',
  'walletconnect.getApp': '取得 {name}',
  'walletconnect.openWeb': '在瀏覽器中開啟',
  'walletconnect.qrLabel': 'WalletConnect QR 碼',
  'walletconnect.scan': '用手機掃描此 QR 碼',
  'walletconnect.scanFromOther': '或用另一台裝置上的錢包掃描此 QR 碼',
  'walletconnect.copy': '複製連結',
  'walletconnect.copied': '已複製連結',
  'walletconnect.request.failed': '請求未能完成',
  'walletconnect.request.failedMessage': '與錢包的連線已中斷，無法聯繫到你的錢包。請再試一次。',
  'walletconnect.request.close': '關閉',
  'walletconnect.request.waiting': '正在等待你的錢包',
  'walletconnect.request.whenBack': '連線恢復後，請求會傳送到你的錢包。',
  'walletconnect.request.confirm': '請在錢包中確認此請求。',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': '錢包要求',
  'alerts.walletconnect-connection-interrupted.title': '與錢包的連線已中斷',
  'alerts.walletconnect-connection-interrupted.message': '正在重新連線… 連線恢復前，你的錢包無法接收要求。',
} satisfies TranslationOf<typeof en>;
