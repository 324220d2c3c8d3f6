import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': '토큰', 'send.amount': '수량', 'send.max': '최대', 'send.to': '받는 주소', 'send.network': '네트워크', 'send.fee': '네트워크 수수료',
  'send.review': '검토', 'send.back': '뒤로', 'send.send': '보내기', 'send.confirmInWallet': '지갑에서 확인하세요…', 'send.sent': '{amount} {symbol}을(를) 보냈습니다',
  'send.explorer': '{explorer}에서 보기', 'send.done': '완료', 'send.loading': '잔액을 불러오는 중…', 'send.unavailable': '이 계정에서는 보낼 수 없습니다.',
  'send.error.amount': '0보다 크고 소수점 {decimals}자리 이하의 수량을 입력하세요.', 'send.error.balance': '{symbol} 잔액이 부족합니다.',
  'send.error.withFee': '이 수량과 네트워크 수수료를 낼 {symbol}이(가) 부족합니다.', 'send.error.fee': '네트워크 수수료를 낼 {symbol}이(가) 부족합니다.',
  'send.error.recipient': '받는 주소가 올바르지 않습니다: {problem}.', 'send.error.estimate': '이 전송은 실패합니다: {reason}', 'send.error.rejected': '지갑에서 전송이 거부되었습니다.',
  'send.status.pending': '확인을 기다리는 중…',
  'send.status.confirmed': '확인되었습니다.',
  'send.status.failed': '전송이 체인에서 실패했습니다.',
  'send.status.dropped': '전송이 확인되기 전에 삭제되었습니다.',
  'send.pick': '토큰 선택',
  'send.search': '이름, 심볼 또는 주소로 검색',
  'send.noMatch': '"{query}"와(과) 일치하는 토큰이 없습니다.',
  // The manifest's labels.
  'views.Send': '보내기',
  'walletButtons.send': '보내기',
} satisfies TranslationOf<typeof en>;
