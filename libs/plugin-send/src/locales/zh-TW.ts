import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': '代幣', 'send.amount': '數量', 'send.max': '最大', 'send.to': '收款地址', 'send.network': '網路', 'send.fee': '網路費用',
  'send.review': '檢查', 'send.back': '返回', 'send.send': '傳送', 'send.confirmInWallet': '請在錢包中確認…', 'send.sent': '已傳送 {amount} {symbol}',
  'send.explorer': '在 {explorer} 上檢視', 'send.done': '完成', 'send.loading': '正在載入餘額…', 'send.unavailable': '此帳戶無法傳送。',
  'send.error.amount': '請輸入大於 0 且最多 {decimals} 位小數的數量。', 'send.error.balance': '{symbol} 餘額不足。',
  'send.error.withFee': '{symbol} 不足以支付此數量與網路費用。', 'send.error.fee': '{symbol} 不足以支付網路費用。',
  'send.error.recipient': '收款地址無效：{problem}。', 'send.error.estimate': '此轉帳將會失敗：{reason}', 'send.error.rejected': '轉帳已在錢包中被拒絕。',
  'send.status.pending': '等待確認…',
  'send.status.confirmed': '已確認。',
  'send.status.failed': '轉帳在鏈上失敗。',
  'send.status.dropped': '轉帳在確認前被丟棄。',
  'send.pick': '選擇代幣',
  'send.search': '依名稱、代號或地址搜尋',
  'send.noMatch': '沒有符合「{query}」的代幣。',
  // The manifest's labels.
  'views.Send': '傳送',
  'walletButtons.send': '傳送',
} satisfies TranslationOf<typeof en>;
