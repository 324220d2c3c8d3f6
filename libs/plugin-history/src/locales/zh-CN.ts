import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': '正在加载活动…',
  'history.empty': '暂无活动。',
  'history.unavailable': '此网络不提供活动记录。',
  'history.error': '无法加载活动。',
  'history.moreError': '无法加载更早的活动。',
  'history.retry': '重试',
  'history.more': '加载更多',
  'history.pending': '待处理',
  'history.today': '今天',
  'history.yesterday': '昨天',
  'history.failed': '失败',
  'history.to': '发送至 {address}',
  'history.created': '{name}（{symbol}）',
  'history.from': '来自 {address}',
  'history.explorer': '在 {explorer} 上查看',
  'history.op.send': '已发送',
  'history.op.receive': '已接收',
  'history.op.self': '发送给自己',
  'history.op.execute': '合约调用',
  'history.op.deploy': '已部署合约',
  'history.op.approve': '已授权',
  'history.op.trade': '已兑换',
  'history.op.mint': '已铸造',
  // The manifest's labels.
  'views.Activity': '活动',
  'accountTabs.activity': '活动',
} satisfies TranslationOf<typeof en>;
