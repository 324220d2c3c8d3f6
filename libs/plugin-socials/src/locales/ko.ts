import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': '{provider} 창에서 계속하기',
  'social.opening': '{provider} 여는 중…',
  'social.waiting': '열린 창에서 {provider}(으)로 로그인하세요. 이 페이지는 자동으로 진행됩니다.',
  'social.blocked': '브라우저가 {provider} 창을 차단했습니다.',
  'social.open': '{provider} 창 열기',
  'social.closed': '로그인 전에 {provider} 창이 닫혔습니다.',
  'social.failed': '{provider} 로그인에 실패했습니다: {reason}',
  'social.retry': '다시 시도',
  'social.back': '로그인 방법으로 돌아가기',
  'social.unavailable': '이 앱에는 소셜 로그인이 설정되어 있지 않습니다.',
  'social.noWallet': '지갑은 만든 기기에 있고 복구 비밀번호가 설정되지 않았습니다. 그 기기에서 로그인해 계정에서 설정하세요.',
  'social.initFailed': '인증을 시작하는 중에 문제가 발생했습니다',
  'farcaster.scan': 'Farcaster로 로그인하려면 휴대폰 카메라로 이 QR 코드를 스캔하세요.',
  'farcaster.open': 'Farcaster 열기',
  'farcaster.copy': '링크 복사',
  'farcaster.copied': '링크를 복사했습니다',
  'farcaster.qrLabel': 'Farcaster 로그인용 QR 코드',
  'farcaster.expired': 'QR 코드가 사용되기 전에 만료되었습니다.',
  'farcaster.getNew': '새 QR 코드 받기',
  // The manifest's labels.
  'connectMethods.social': '소셜',
  'views.SocialConnecting': '연결 중',
} satisfies TranslationOf<typeof en>;
