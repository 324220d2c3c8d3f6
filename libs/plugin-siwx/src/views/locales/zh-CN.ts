import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': '签署此消息以证明你拥有这个钱包。',
  'siwx.sign': '签名',
  'siwx.cancel': '取消',
  'siwx.authenticating': '正在验证…',
  'siwx.error.initFailed': '初始化身份验证时出现问题',
  'siwx.error.declined': '签名已被拒绝',
  'siwx.error.smartAccount': '此应用可能不支持智能账户',
  // The manifest's labels.
  'views.SIWXSignMessage': '登录',
  'alerts.siwx-init-failed.title': '登录',
  'alerts.siwx-init-failed.message': '初始化身份验证时出现问题',
} satisfies TranslationOf<typeof en>;
