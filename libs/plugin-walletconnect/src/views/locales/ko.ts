import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect가 활성화되어 있지 않습니다',
  'walletconnect.preparing': 'QR 코드를 준비하는 중',
  'walletconnect.openApp': '{name} 열기',
  'walletconnect.appMissing': '{name}을(를) 열지 못했습니다.',
  'walletconnect.dontHave': '{name}이(가) 없으신가요?',
  'walletconnect.getApp': '{name} 받기',
  'walletconnect.openWeb': '브라우저에서 열기',
  'walletconnect.qrLabel': 'WalletConnect QR 코드',
  'walletconnect.scan': '휴대폰으로 이 QR 코드를 스캔하세요',
  'walletconnect.scanFromOther': '또는 다른 기기의 지갑으로 이 QR 코드를 스캔하세요',
  'walletconnect.copy': '링크 복사',
  'walletconnect.copied': '링크가 복사되었습니다',
  'walletconnect.request.failed': '요청이 처리되지 않았습니다',
  'walletconnect.request.failedMessage': '지갑과의 연결이 끊겨 지갑에 연결할 수 없었습니다. 다시 시도하세요.',
  'walletconnect.request.close': '닫기',
  'walletconnect.request.waiting': '지갑의 응답을 기다리는 중',
  'walletconnect.request.whenBack': '연결이 복구되면 요청이 지갑으로 전송됩니다.',
  'walletconnect.request.confirm': '지갑에서 요청을 확인하세요.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': '지갑 요청',
  'alerts.walletconnect-connection-interrupted.title': '지갑과의 연결이 끊겼습니다',
  'alerts.walletconnect-connection-interrupted.message': '다시 연결하는 중… 연결이 복구될 때까지 지갑이 요청을 받을 수 없습니다.',
} satisfies TranslationOf<typeof en>;
