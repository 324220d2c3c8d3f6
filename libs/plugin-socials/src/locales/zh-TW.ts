import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': '在 {provider} 視窗中繼續',
  'social.opening': '正在開啟 {provider}…',
  'social.waiting': '請在開啟的視窗中使用 {provider} 登入。此頁面會自動繼續。',
  'social.blocked': '瀏覽器封鎖了 {provider} 視窗。',
  'social.open': '開啟 {provider} 視窗',
  'social.closed': '{provider} 視窗在登入前被關閉。',
  'social.failed': '使用 {provider} 登入失敗：{reason}',
  'social.retry': '重試',
  'social.back': '返回登入方式',
  'social.unavailable': '此應用程式未設定社群登入。',
  'social.noWallet': '您的錢包在建立它的裝置上，且未設定復原密碼。請在那台裝置上登入，並在帳戶中設定一個。',
  'social.initFailed': '初始化身分驗證時發生問題',
  'farcaster.scan': '用手機相機掃描此 QR 碼，以使用 Farcaster 登入。',
  'farcaster.open': '開啟 Farcaster',
  'farcaster.copy': '複製連結',
  'farcaster.copied': '已複製連結',
  'farcaster.qrLabel': '用於 Farcaster 登入的 QR 碼',
  'farcaster.expired': 'QR 碼在使用前已過期。',
  'farcaster.getNew': '取得新的 QR 碼',
  // The manifest's labels.
  'connectMethods.social': '社群帳號',
  'views.SocialConnecting': '正在連結',
} satisfies TranslationOf<typeof en>;
