import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "此网站无需每次询问即可用你的账户执行的操作。",
  'permissions.none': "此网站没有任何权限。",
  'permissions.unsupported': "此钱包不向网站授予权限（ERC-7715）。",
  'permissions.native': "发送 {ticker}",
  'permissions.erc20': "发送 {ticker}（代币 {address}）",
  'permissions.call': "在 {address} 上调用 {functions}",
  'permissions.spent': "已花费 {spent}，上限 {limit}",
  'permissions.rate': "每 {interval} 最多 {count} 次",
  'permissions.until': "截止 {date}",
  'permissions.revoke': "撤销",
  'permissions.revokeNamed': "撤销“{name}”",
  'permissions.loadFailed': "无法读取权限。",
  // The manifest's labels.
  'views.Permissions': '权限',
  'walletButtons.permissions': '权限',
} satisfies TranslationOf<typeof en>;
