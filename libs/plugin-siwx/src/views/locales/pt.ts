import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'Assine esta mensagem para provar que esta carteira é sua.',
  'siwx.sign': 'Assinar',
  'siwx.cancel': 'Cancelar',
  'siwx.authenticating': 'Autenticando...',
  'siwx.error.initFailed': 'Ocorreu um problema ao iniciar a autenticação',
  'siwx.error.declined': 'Assinatura recusada',
  'siwx.error.smartAccount': 'Este aplicativo pode não ser compatível com contas inteligentes',
  // The manifest's labels.
  'views.SIWXSignMessage': 'Entrar',
  'alerts.siwx-init-failed.title': 'Entrar',
  'alerts.siwx-init-failed.message': 'Ocorreu um problema ao iniciar a autenticação',
} satisfies TranslationOf<typeof en>;
