import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'שלחו לכתובת זו נכסי {namespace} בלבד.',
  'receive.qrLabel': 'קוד QR של הכתובת שלך',
  'receive.networks': 'מתקבל ב',
  'receive.accountType': 'חשבון',
  'receive.noAccount': 'חברו ארנק כדי לראות את כתובת הקבלה.',
  'receive.type.eoa': 'חשבון רגיל',
  'receive.type.smartAccount': 'חשבון חכם',
  'receive.type.payment': 'כתובת תשלום',
  'receive.type.ordinal': 'כתובת Ordinals',
  // The manifest's labels.
  'views.Receive': 'קבלה',
  'walletButtons.receive': 'קבלה',
} satisfies TranslationOf<typeof en>;
