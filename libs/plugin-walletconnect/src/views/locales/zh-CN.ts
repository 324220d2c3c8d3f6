import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': '未启用 WalletConnect',
  'walletconnect.preparing': '正在生成二维码',
  'walletconnect.openApp': '打开 {name}',
  'walletconnect.appMissing': '{name} 未能打开。',
  'walletconnect.dontHave': '还没有 {name}？',
  'walletconnect.getApp': '获取 {name}',
  'walletconnect.openWeb': '在浏览器中打开',
  'walletconnect.qrLabel': 'WalletConnect 二维码',
  'walletconnect.scan': '用手机扫描此二维码',
  'walletconnect.scanFromOther': '或用另一台设备上的钱包扫描此二维码',
  'walletconnect.copy': '复制链接',
  'walletconnect.copied': '链接已复制',
  'walletconnect.request.failed': '请求未能完成',
  'walletconnect.request.failedMessage': '与钱包的连接已中断，无法联系到你的钱包。请重试。',
  'walletconnect.request.close': '关闭',
  'walletconnect.request.waiting': '正在等待你的钱包',
  'walletconnect.request.whenBack': '连接恢复后，请求会发送到你的钱包。',
  'walletconnect.request.confirm': '请在钱包中确认该请求。',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': '钱包请求',
  'alerts.walletconnect-connection-interrupted.title': '与钱包的连接已中断',
  'alerts.walletconnect-connection-interrupted.message': '正在重新连接… 连接恢复前，你的钱包无法接收请求。',
} satisfies TranslationOf<typeof en>;
