import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "이 사이트가 매번 묻지 않고 계정에서 할 수 있는 일입니다.",
  'permissions.none': "이 사이트에는 권한이 없습니다.",
  'permissions.unsupported': "이 지갑은 사이트에 권한을 부여하지 않습니다(ERC-7715).",
  'permissions.native': "{ticker} 보내기",
  'permissions.erc20': "{ticker} 보내기(토큰 {address})",
  'permissions.call': "{address}에서 {functions} 호출",
  'permissions.spent': "{limit} 중 {spent} 사용",
  'permissions.rate': "{interval}마다 최대 {count}회",
  'permissions.until': "{date}까지",
  'permissions.revoke': "취소",
  'permissions.revokeNamed': "“{name}” 취소",
  'permissions.loadFailed': "권한을 읽을 수 없습니다.",
  // The manifest's labels.
  'views.Permissions': '권한',
  'walletButtons.permissions': '권한',
} satisfies TranslationOf<typeof en>;
