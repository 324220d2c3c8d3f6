import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': '在 {provider} 窗口中继续',
  'social.opening': '正在打开 {provider}…',
  'social.waiting': '请在打开的窗口中使用 {provider} 登录。此页面会自动继续。',
  'social.blocked': '浏览器拦截了 {provider} 窗口。',
  'social.open': '打开 {provider} 窗口',
  'social.closed': '{provider} 窗口在登录前被关闭。',
  'social.failed': '使用 {provider} 登录失败：{reason}',
  'social.retry': '重试',
  'social.back': '返回登录方式',
  'social.unavailable': '此应用未设置社交登录。',
  'social.noWallet': '您的钱包在创建它的设备上，且未设置恢复密码。请在那台设备上登录，并在账户中设置一个。',
  'social.initFailed': '初始化身份验证时出现问题',
  'farcaster.scan': '用手机相机扫描此二维码，以使用 Farcaster 登录。',
  'farcaster.open': '打开 Farcaster',
  'farcaster.copy': '复制链接',
  'farcaster.copied': '链接已复制',
  'farcaster.qrLabel': '用于 Farcaster 登录的二维码',
  'farcaster.expired': '二维码在使用前已过期。',
  'farcaster.getNew': '获取新的二维码',
  // The manifest's labels.
  'connectMethods.social': '社交账号',
  'views.SocialConnecting': '正在连接',
} satisfies TranslationOf<typeof en>;
