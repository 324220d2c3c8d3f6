import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': '代币', 'send.amount': '数量', 'send.max': '最大', 'send.to': '收款地址', 'send.network': '网络', 'send.fee': '网络费用',
  'send.review': '检查', 'send.back': '返回', 'send.send': '发送', 'send.confirmInWallet': '请在钱包中确认…', 'send.sent': '已发送 {amount} {symbol}',
  'send.explorer': '在 {explorer} 上查看', 'send.done': '完成', 'send.loading': '正在加载余额…', 'send.unavailable': '此账户无法发送。',
  'send.error.amount': '请输入大于 0 且最多 {decimals} 位小数的数量。', 'send.error.balance': '{symbol} 余额不足。',
  'send.error.withFee': '{symbol} 不足以支付此数量和网络费用。', 'send.error.fee': '{symbol} 不足以支付网络费用。',
  'send.error.recipient': '收款地址无效：{problem}。', 'send.error.estimate': '此转账将会失败：{reason}', 'send.error.rejected': '转账已在钱包中被拒绝。',
  'send.status.pending': '等待确认…',
  'send.status.confirmed': '已确认。',
  'send.status.failed': '转账在链上失败。',
  'send.status.dropped': '转账在确认前被丢弃。',
  'send.pick': '选择代币',
  'send.search': '按名称、符号或地址搜索',
  'send.noMatch': '没有与“{query}”匹配的代币。',
  // The manifest's labels.
  'views.Send': '发送',
  'walletButtons.send': '发送',
} satisfies TranslationOf<typeof en>;
