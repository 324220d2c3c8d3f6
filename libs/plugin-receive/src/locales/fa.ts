import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'فقط دارایی‌های {namespace} را به این نشانی بفرستید.',
  'receive.qrLabel': 'کد QR نشانی شما',
  'receive.networks': 'پذیرفته در',
  'receive.accountType': 'حساب',
  'receive.noAccount': 'برای دیدن نشانی دریافت، کیف پول را وصل کنید.',
  'receive.type.eoa': 'حساب عادی',
  'receive.type.smartAccount': 'حساب هوشمند',
  'receive.type.payment': 'نشانی پرداخت',
  'receive.type.ordinal': 'نشانی Ordinals',
  // The manifest's labels.
  'views.Receive': 'دریافت',
  'walletButtons.receive': 'دریافت',
} satisfies TranslationOf<typeof en>;
