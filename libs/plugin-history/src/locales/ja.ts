import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'アクティビティを読み込み中…',
  'history.empty': 'アクティビティはまだありません。',
  'history.unavailable': 'このネットワークではアクティビティを表示できません。',
  'history.error': 'アクティビティを読み込めませんでした。',
  'history.moreError': '以前のアクティビティを読み込めませんでした。',
  'history.retry': '再試行',
  'history.more': 'さらに読み込む',
  'history.pending': '保留中',
  'history.today': '今日',
  'history.yesterday': '昨日',
  'history.failed': '失敗',
  'history.to': '宛先 {address}',
  'history.created': '{name}（{symbol}）',
  'history.from': '送信元 {address}',
  'history.explorer': '{explorer} で表示',
  'history.op.send': '送信',
  'history.op.receive': '受信',
  'history.op.self': '自分宛てに送信',
  'history.op.execute': 'コントラクト呼び出し',
  'history.op.deploy': 'コントラクトをデプロイ',
  'history.op.approve': '承認',
  'history.op.trade': 'スワップ',
  'history.op.mint': 'ミント',
  // The manifest's labels.
  'views.Activity': 'アクティビティ',
  'accountTabs.activity': 'アクティビティ',
} satisfies TranslationOf<typeof en>;
