import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': '이 지갑의 소유자임을 증명하려면 이 메시지에 서명하세요.',
  'siwx.sign': '서명',
  'siwx.cancel': '취소',
  'siwx.authenticating': '인증 중...',
  'siwx.error.initFailed': '인증을 시작하는 중에 문제가 발생했습니다',
  'siwx.error.declined': '서명이 거부되었습니다',
  'siwx.error.smartAccount': '이 앱은 스마트 계정을 지원하지 않을 수 있습니다',
  // The manifest's labels.
  'views.SIWXSignMessage': '로그인',
  'alerts.siwx-init-failed.title': '로그인',
  'alerts.siwx-init-failed.message': '인증을 시작하는 중에 문제가 발생했습니다',
} satisfies TranslationOf<typeof en>;
