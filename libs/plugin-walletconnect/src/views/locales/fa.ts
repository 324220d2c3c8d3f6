import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect فعال نیست',
  'walletconnect.preparing': 'در حال آماده‌سازی کد QR',
  'walletconnect.openApp': 'باز کردن {name}',
  'walletconnect.appMissing': '{name} باز نشد.',
  'walletconnect.dontHave': '{name} را ندارید؟',
  'walletconnect.getApp': 'دریافت {name}',
  'walletconnect.openWeb': 'باز کردن در مرورگر',
  'walletconnect.qrLabel': 'کد QR برای WalletConnect',
  'walletconnect.scan': 'این کد QR را با تلفن خود اسکن کنید',
  'walletconnect.scanFromOther': 'یا این کد QR را با کیف پولی روی دستگاه دیگر اسکن کنید',
  'walletconnect.copy': 'کپی پیوند',
  'walletconnect.copied': 'پیوند کپی شد',
  'walletconnect.request.failed': 'درخواست انجام نشد',
  'walletconnect.request.failedMessage': 'به کیف پول شما دسترسی نبود، چون اتصال به آن قطع شد. دوباره تلاش کنید.',
  'walletconnect.request.close': 'بستن',
  'walletconnect.request.waiting': 'در انتظار کیف پول شما',
  'walletconnect.request.whenBack': 'درخواست پس از برقراری دوبارهٔ اتصال به کیف پول شما می‌رسد.',
  'walletconnect.request.confirm': 'درخواست را در کیف پول خود تأیید کنید.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'درخواست کیف پول',
  'alerts.walletconnect-connection-interrupted.title': 'اتصال به کیف پول شما قطع شد',
  'alerts.walletconnect-connection-interrupted.message': 'در حال اتصال دوباره… تا برقراری دوبارهٔ اتصال، کیف پول شما نمی‌تواند درخواستی دریافت کند.',
} satisfies TranslationOf<typeof en>;
