import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': '金額',
  'onramp.currency': '通貨',
  'onramp.providers': '{symbol} の購入方法',
  'onramp.best': '最良レート',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': '手数料 {fee}',
  'onramp.feeRange': '手数料 1–2 %',
  'onramp.quoting': '見積もりを取得中…',
  'onramp.noQuote': '見積もりなし',
  'onramp.opening': '{provider} を開いています…',
  'onramp.inProgress': '購入手続き中',
  'onramp.inProgressHint': '{provider} のウィンドウで購入を完了してください。{symbol} が届くと、ここの残高が更新されます。',
  'onramp.openAgain': '{provider} をもう一度開く',
  'onramp.popupBlocked': 'ブラウザが {provider} のウィンドウをブロックしました。',
  'onramp.stop': '待機をやめる',
  'onramp.arrived': '{amount} {symbol} が届きました',
  'onramp.done': '完了',
  'onramp.unavailable': 'このアカウントでは暗号資産を購入できません。',
  'onramp.restricted': 'お住まいの地域では暗号資産を購入できません。',
  'onramp.error.amount': '0 より大きく、小数点以下 2 桁以内の金額を入力してください。',
  'onramp.error.open': '{provider} を開けませんでした: {reason}',
  'onramp.error.quotes': '現在、見積もりを取得できません ({reason})。プロバイダーの手数料は 1–2 % です。',
  'onramp.loading': '読み込み中…',
  'onramp.unavailableNetwork': '{network} では暗号資産を購入できません。',
  'onramp.error.options': 'このサイトでは購入が正しく設定されていません: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'プロバイダーを選択',
  'walletButtons.onramp': '購入',
} satisfies TranslationOf<typeof en>;
