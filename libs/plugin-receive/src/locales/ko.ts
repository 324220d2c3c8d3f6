import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': '이 주소로는 {namespace} 자산만 보내세요.',
  'receive.qrLabel': '내 주소의 QR 코드',
  'receive.networks': '지원 네트워크',
  'receive.accountType': '계정',
  'receive.noAccount': '받을 주소를 보려면 지갑을 연결하세요.',
  'receive.type.eoa': '일반 계정',
  'receive.type.smartAccount': '스마트 계정',
  'receive.type.payment': '결제 주소',
  'receive.type.ordinal': 'Ordinals 주소',
  // The manifest's labels.
  'views.Receive': '받기',
  'walletButtons.receive': '받기',
} satisfies TranslationOf<typeof en>;
