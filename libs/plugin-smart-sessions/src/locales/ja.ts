import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "このサイトが毎回確認せずにあなたのアカウントで行えること。",
  'permissions.none': "このサイトには権限がありません。",
  'permissions.unsupported': "このウォレットはサイトに権限を付与しません（ERC-7715）。",
  'permissions.native': "{ticker} の送金",
  'permissions.erc20': "{ticker} の送金（トークン {address}）",
  'permissions.call': "{address} の {functions} の呼び出し",
  'permissions.spent': "{limit} のうち {spent} 使用済み",
  'permissions.rate': "{interval} あたり最大 {count} 回",
  'permissions.until': "{date} まで",
  'permissions.revoke': "取り消す",
  'permissions.revokeNamed': "「{name}」を取り消す",
  'permissions.loadFailed': "権限を読み込めませんでした。",
  // The manifest's labels.
  'views.Permissions': '権限',
  'walletButtons.permissions': '権限',
} satisfies TranslationOf<typeof en>;
