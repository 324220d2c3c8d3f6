import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': '正在載入活動…',
  'history.empty': '尚無活動。',
  'history.unavailable': '此網路不提供活動紀錄。',
  'history.error': '無法載入活動。',
  'history.moreError': '無法載入較早的活動。',
  'history.retry': '重試',
  'history.more': '載入更多',
  'history.pending': '處理中',
  'history.today': '今天',
  'history.yesterday': '昨天',
  'history.failed': '失敗',
  'history.to': '傳送至 {address}',
  'history.created': '{name}（{symbol}）',
  'history.from': '來自 {address}',
  'history.explorer': '在 {explorer} 上檢視',
  'history.op.send': '已傳送',
  'history.op.receive': '已收到',
  'history.op.self': '傳送給自己',
  'history.op.execute': '合約呼叫',
  'history.op.deploy': '已部署合約',
  'history.op.approve': '已授權',
  'history.op.trade': '已兌換',
  'history.op.mint': '已鑄造',
  // The manifest's labels.
  'views.Activity': '活動',
  'accountTabs.activity': '活動',
} satisfies TranslationOf<typeof en>;
