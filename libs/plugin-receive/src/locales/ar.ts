import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'أرسل إلى هذا العنوان أصول {namespace} فقط.',
  'receive.qrLabel': 'رمز QR لعنوانك',
  'receive.networks': 'مقبول على',
  'receive.accountType': 'الحساب',
  'receive.noAccount': 'اربط محفظة لترى العنوان الذي تستلم عليه.',
  'receive.type.eoa': 'حساب عادي',
  'receive.type.smartAccount': 'حساب ذكي',
  'receive.type.payment': 'عنوان الدفع',
  'receive.type.ordinal': 'عنوان Ordinals',
  // The manifest's labels.
  'views.Receive': 'استلام',
  'walletButtons.receive': 'استلام',
} satisfies TranslationOf<typeof en>;
