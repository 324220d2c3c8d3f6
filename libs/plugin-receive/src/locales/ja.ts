import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'receive.hint': 'このアドレスには {namespace} の資産だけを送ってください。',
  'receive.qrLabel': 'あなたのアドレスの QR コード',
  'receive.networks': '対応ネットワーク',
  'receive.accountType': 'アカウント',
  'receive.noAccount': '受け取りアドレスを表示するにはウォレットを接続してください。',
  'receive.type.eoa': '通常アカウント',
  'receive.type.smartAccount': 'スマートアカウント',
  'receive.type.payment': '支払い用アドレス',
  'receive.type.ordinal': 'Ordinals 用アドレス',
  // The manifest's labels.
  'views.Receive': '受け取る',
  'walletButtons.receive': '受け取る',
} satisfies TranslationOf<typeof en>;
