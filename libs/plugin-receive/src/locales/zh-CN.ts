import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': '只向此地址发送 {namespace} 资产。',
  'receive.qrLabel': '你的地址二维码',
  'receive.networks': '支持的网络',
  'receive.accountType': '账户',
  'receive.noAccount': '连接钱包后可查看收款地址。',
  'receive.type.eoa': '普通账户',
  'receive.type.smartAccount': '智能账户',
  'receive.type.payment': '支付地址',
  'receive.type.ordinal': 'Ordinals 地址',
  // The manifest's labels.
  'views.Receive': '接收',
  'walletButtons.receive': '接收',
} satisfies TranslationOf<typeof en>;
