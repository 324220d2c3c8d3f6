import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'Bu adrese yalnızca {namespace} varlıkları gönderin.',
  'receive.qrLabel': 'Adresinizin QR kodu',
  'receive.networks': 'Kabul edilen ağlar',
  'receive.accountType': 'Hesap',
  'receive.noAccount': 'Alma adresini görmek için bir cüzdan bağlayın.',
  'receive.type.eoa': 'Standart hesap',
  'receive.type.smartAccount': 'Akıllı hesap',
  'receive.type.payment': 'Ödeme adresi',
  'receive.type.ordinal': 'Ordinals adresi',
  // The manifest's labels.
  'views.Receive': 'Al',
  'walletButtons.receive': 'Al',
} satisfies TranslationOf<typeof en>;
