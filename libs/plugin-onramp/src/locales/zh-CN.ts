import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': '金额',
  'onramp.currency': '货币',
  'onramp.providers': '通过以下服务商购买 {symbol}',
  'onramp.best': '最佳汇率',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': '手续费 {fee}',
  'onramp.feeRange': '手续费 1–2 %',
  'onramp.quoting': '正在获取报价…',
  'onramp.noQuote': '暂无报价',
  'onramp.opening': '正在打开 {provider}…',
  'onramp.inProgress': '购买进行中',
  'onramp.inProgressHint': '请在 {provider} 窗口中完成购买。{symbol} 到账后，这里的余额会更新。',
  'onramp.openAgain': '重新打开 {provider}',
  'onramp.popupBlocked': '浏览器拦截了 {provider} 窗口。',
  'onramp.stop': '停止等待',
  'onramp.arrived': '{amount} {symbol} 已到账',
  'onramp.done': '完成',
  'onramp.unavailable': '此账户无法购买加密货币。',
  'onramp.restricted': '你所在的地区无法购买加密货币。',
  'onramp.error.amount': '请输入大于 0 且最多 2 位小数的金额。',
  'onramp.error.open': '无法打开 {provider}：{reason}',
  'onramp.error.quotes': '暂时无法获取报价（{reason}）；服务商的手续费为 1–2 %。',
  'onramp.loading': '加载中…',
  'onramp.unavailableNetwork': '{network} 上无法购买加密货币。',
  'onramp.error.options': '此网站的购买功能配置有误：{reason}',
  // The manifest's labels.
  'views.OnRampProviders': '选择服务商',
  'walletButtons.onramp': '购买',
} satisfies TranslationOf<typeof en>;
