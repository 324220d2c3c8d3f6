import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "此網站無需每次詢問即可用你的帳戶執行的操作。",
  'permissions.none': "此網站沒有任何權限。",
  'permissions.unsupported': "此錢包不向網站授予權限（ERC-7715）。",
  'permissions.native': "傳送 {ticker}",
  'permissions.erc20': "傳送 {ticker}（代幣 {address}）",
  'permissions.call': "在 {address} 上呼叫 {functions}",
  'permissions.spent': "已花費 {spent}，上限 {limit}",
  'permissions.rate': "每 {interval} 最多 {count} 次",
  'permissions.until': "截止 {date}",
  'permissions.revoke': "撤銷",
  'permissions.revokeNamed': "撤銷「{name}」",
  'permissions.loadFailed': "無法讀取權限。",
  // The manifest's labels.
  'views.Permissions': '權限',
  'walletButtons.permissions': '權限',
} satisfies TranslationOf<typeof en>;
