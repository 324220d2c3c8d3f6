import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'N’envoyez que des actifs {namespace} à cette adresse.',
  'receive.qrLabel': 'QR code de votre adresse',
  'receive.networks': 'Accepté sur',
  'receive.accountType': 'Compte',
  'receive.noAccount': 'Connectez un portefeuille pour voir l’adresse de réception.',
  'receive.type.eoa': 'Compte standard',
  'receive.type.smartAccount': 'Compte intelligent',
  'receive.type.payment': 'Adresse de paiement',
  'receive.type.ordinal': 'Adresse Ordinals',
  // The manifest's labels.
  'views.Receive': 'Recevoir',
  'walletButtons.receive': 'Recevoir',
} satisfies TranslationOf<typeof en>;
