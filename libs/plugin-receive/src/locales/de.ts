import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'Sende nur {namespace}-Assets an diese Adresse.',
  'receive.qrLabel': 'QR-Code deiner Adresse',
  'receive.networks': 'Akzeptiert auf',
  'receive.accountType': 'Konto',
  'receive.noAccount': 'Verbinde eine Wallet, um die Empfangsadresse zu sehen.',
  'receive.type.eoa': 'Standardkonto',
  'receive.type.smartAccount': 'Smart Account',
  'receive.type.payment': 'Zahlungsadresse',
  'receive.type.ordinal': 'Ordinals-Adresse',
  // The manifest's labels.
  'views.Receive': 'Empfangen',
  'walletButtons.receive': 'Empfangen',
} satisfies TranslationOf<typeof en>;
