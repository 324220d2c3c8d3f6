import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': '금액',
  'onramp.currency': '통화',
  'onramp.providers': '{symbol} 구매 방법',
  'onramp.best': '최고 환율',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': '수수료 {fee}',
  'onramp.feeRange': '수수료 1–2 %',
  'onramp.quoting': '견적을 가져오는 중…',
  'onramp.noQuote': '견적 없음',
  'onramp.opening': '{provider} 여는 중…',
  'onramp.inProgress': '구매 진행 중',
  'onramp.inProgressHint': '{provider} 창에서 구매를 완료하세요. {symbol}이(가) 도착하면 여기에서 잔액이 업데이트됩니다.',
  'onramp.openAgain': '{provider} 다시 열기',
  'onramp.popupBlocked': '브라우저가 {provider} 창을 차단했습니다.',
  'onramp.stop': '대기 중지',
  'onramp.arrived': '{amount} {symbol}이(가) 도착했습니다',
  'onramp.done': '완료',
  'onramp.unavailable': '이 계정에서는 암호화폐를 구매할 수 없습니다.',
  'onramp.restricted': '현재 지역에서는 암호화폐를 구매할 수 없습니다.',
  'onramp.error.amount': '0보다 크고 소수점 2자리 이하의 금액을 입력하세요.',
  'onramp.error.open': '{provider}을(를) 열 수 없습니다: {reason}',
  'onramp.error.quotes': '지금은 견적을 받을 수 없습니다({reason}). 제공업체 수수료는 1–2 %입니다.',
  'onramp.loading': '불러오는 중…',
  'onramp.unavailableNetwork': '{network}에서는 암호화폐를 구매할 수 없습니다.',
  'onramp.error.options': '이 사이트의 구매 설정이 올바르지 않습니다: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': '제공업체 선택',
  'walletButtons.onramp': '구매',
} satisfies TranslationOf<typeof en>;
