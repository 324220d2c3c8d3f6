import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': '金額',
  'onramp.currency': '貨幣',
  'onramp.providers': '透過以下服務供應商購買 {symbol}',
  'onramp.best': '最佳匯率',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': '手續費 {fee}',
  'onramp.feeRange': '手續費 1–2 %',
  'onramp.quoting': '正在取得報價…',
  'onramp.noQuote': '暫無報價',
  'onramp.opening': '正在開啟 {provider}…',
  'onramp.inProgress': '購買進行中',
  'onramp.inProgressHint': '請在 {provider} 視窗中完成購買。{symbol} 到帳後，這裡的餘額會更新。',
  'onramp.openAgain': '重新開啟 {provider}',
  'onramp.popupBlocked': '瀏覽器封鎖了 {provider} 視窗。',
  'onramp.stop': '停止等待',
  'onramp.arrived': '{amount} {symbol} 已到帳',
  'onramp.done': '完成',
  'onramp.unavailable': '此帳戶無法購買加密貨幣。',
  'onramp.restricted': '你所在的地區無法購買加密貨幣。',
  'onramp.error.amount': '請輸入大於 0 且最多 2 位小數的金額。',
  'onramp.error.open': '無法開啟 {provider}：{reason}',
  'onramp.error.quotes': '目前無法取得報價（{reason}）；服務供應商的手續費為 1–2 %。',
  'onramp.loading': '載入中…',
  'onramp.unavailableNetwork': '{network} 上無法購買加密貨幣。',
  'onramp.error.options': '此網站的購買功能設定有誤：{reason}',
  // The manifest's labels.
  'views.OnRampProviders': '選擇服務供應商',
  'walletButtons.onramp': '購買',
} satisfies TranslationOf<typeof en>;
