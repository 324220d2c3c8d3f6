import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'Envía solo activos de {namespace} a esta dirección.',
  'receive.qrLabel': 'Código QR de tu dirección',
  'receive.networks': 'Aceptada en',
  'receive.accountType': 'Cuenta',
  'receive.noAccount': 'Conecta una billetera para ver la dirección de recepción.',
  'receive.type.eoa': 'Cuenta estándar',
  'receive.type.smartAccount': 'Cuenta inteligente',
  'receive.type.payment': 'Dirección de pago',
  'receive.type.ordinal': 'Dirección de Ordinals',
  // The manifest's labels.
  'views.Receive': 'Recibir',
  'walletButtons.receive': 'Recibir',
} satisfies TranslationOf<typeof en>;
