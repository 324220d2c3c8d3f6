import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': '只向此地址傳送 {namespace} 資產。',
  'receive.qrLabel': '你的地址 QR 碼',
  'receive.networks': '支援的網路',
  'receive.accountType': '帳戶',
  'receive.noAccount': '連結錢包後即可查看收款地址。',
  'receive.type.eoa': '一般帳戶',
  'receive.type.smartAccount': '智慧帳戶',
  'receive.type.payment': '付款地址',
  'receive.type.ordinal': 'Ordinals 地址',
  // The manifest's labels.
  'views.Receive': '接收',
  'walletButtons.receive': '接收',
} satisfies TranslationOf<typeof en>;
