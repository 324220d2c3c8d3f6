import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'Envie apenas ativos de {namespace} para este endereço.',
  'receive.qrLabel': 'Código QR do seu endereço',
  'receive.networks': 'Aceito em',
  'receive.accountType': 'Conta',
  'receive.noAccount': 'Conecte uma carteira para ver o endereço de recebimento.',
  'receive.type.eoa': 'Conta padrão',
  'receive.type.smartAccount': 'Conta inteligente',
  'receive.type.payment': 'Endereço de pagamento',
  'receive.type.ordinal': 'Endereço de Ordinals',
  // The manifest's labels.
  'views.Receive': 'Receber',
  'walletButtons.receive': 'Receber',
} satisfies TranslationOf<typeof en>;
