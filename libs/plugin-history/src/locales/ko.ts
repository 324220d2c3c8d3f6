import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': '활동을 불러오는 중…',
  'history.empty': '아직 활동이 없습니다.',
  'history.unavailable': '이 네트워크에서는 활동을 볼 수 없습니다.',
  'history.error': '활동을 불러올 수 없습니다.',
  'history.moreError': '이전 활동을 불러올 수 없습니다.',
  'history.retry': '다시 시도',
  'history.more': '더 보기',
  'history.pending': '대기 중',
  'history.today': '오늘',
  'history.yesterday': '어제',
  'history.failed': '실패',
  'history.to': '받는 주소 {address}',
  'history.created': '{name} ({symbol})',
  'history.from': '보낸 주소 {address}',
  'history.explorer': '{explorer}에서 보기',
  'history.op.send': '보냄',
  'history.op.receive': '받음',
  'history.op.self': '나에게 보냄',
  'history.op.execute': '컨트랙트 호출',
  'history.op.deploy': '컨트랙트 배포',
  'history.op.approve': '승인',
  'history.op.trade': '스왑',
  'history.op.mint': '민팅',
  // The manifest's labels.
  'views.Activity': '활동',
  'accountTabs.activity': '활동',
} satisfies TranslationOf<typeof en>;
