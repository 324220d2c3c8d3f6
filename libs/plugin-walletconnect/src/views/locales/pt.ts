import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'O WalletConnect não está ativado',
  'walletconnect.preparing': 'Preparando o QR code',
  'walletconnect.openApp': 'Abrir {name}',
  'walletconnect.appMissing': '{name} não abriu.',
  'walletconnect.dontHave': 'Não tem o {name}?',
  'walletconnect.getApp': 'Obter {name}',
  'walletconnect.openWeb': 'Abrir no navegador',
  'walletconnect.qrLabel': 'QR code do WalletConnect',
  'walletconnect.scan': 'Escaneie este QR code com seu celular',
  'walletconnect.scanFromOther': 'Ou escaneie este QR code com uma carteira em outro dispositivo',
  'walletconnect.copy': 'Copiar link',
  'walletconnect.copied': 'Link copiado',
  'walletconnect.request.failed': 'A solicitação não foi concluída',
  'walletconnect.request.failedMessage': 'Não foi possível alcançar sua carteira porque a conexão com ela foi interrompida. Tente novamente.',
  'walletconnect.request.close': 'Fechar',
  'walletconnect.request.waiting': 'Aguardando sua carteira',
  'walletconnect.request.whenBack': 'A solicitação vai para sua carteira assim que a conexão voltar.',
  'walletconnect.request.confirm': 'Confirme a solicitação na sua carteira.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'Solicitação à carteira',
  'alerts.walletconnect-connection-interrupted.title': 'Conexão com sua carteira interrompida',
  'alerts.walletconnect-connection-interrupted.message': 'Reconectando… Sua carteira não pode receber solicitações até a conexão voltar.',
} satisfies TranslationOf<typeof en>;
