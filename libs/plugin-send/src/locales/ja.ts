import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'トークン', 'send.amount': '数量', 'send.max': '最大', 'send.to': '送信先', 'send.network': 'ネットワーク', 'send.fee': 'ネットワーク手数料',
  'send.review': '確認', 'send.back': '戻る', 'send.send': '送信', 'send.confirmInWallet': 'ウォレットで承認してください…', 'send.sent': '{amount} {symbol} を送信しました',
  'send.explorer': '{explorer} で表示', 'send.done': '完了', 'send.loading': '残高を読み込み中…', 'send.unavailable': 'このアカウントでは送信できません。',
  'send.error.amount': '0 より大きく、小数点以下 {decimals} 桁以内の数量を入力してください。', 'send.error.balance': '{symbol} の残高が不足しています。',
  'send.error.withFee': 'この数量とネットワーク手数料に対して {symbol} が足りません。', 'send.error.fee': 'ネットワーク手数料を支払う {symbol} が足りません。',
  'send.error.recipient': '送信先が無効です: {problem}。', 'send.error.estimate': 'この送金は失敗します: {reason}', 'send.error.rejected': 'ウォレットで送金が拒否されました。',
  'send.status.pending': '承認を待っています…',
  'send.status.confirmed': '承認されました。',
  'send.status.failed': '送金はチェーン上で失敗しました。',
  'send.status.dropped': '送金は承認前に破棄されました。',
  'send.pick': 'トークンを選択',
  'send.search': '名前、シンボル、アドレスで検索',
  'send.noMatch': '「{query}」に一致するトークンはありません。',
  // The manifest's labels.
  'views.Send': '送る',
  'walletButtons.send': '送る',
} satisfies TranslationOf<typeof en>;
