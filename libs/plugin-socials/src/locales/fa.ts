import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': 'در پنجره {provider} ادامه دهید',
  'social.opening': 'در حال باز کردن {provider}…',
  'social.waiting': 'در پنجره‌ای که باز شد با {provider} وارد شوید. این صفحه خودش ادامه می‌دهد.',
  'social.blocked': 'مرورگر پنجره {provider} را مسدود کرد.',
  'social.open': 'باز کردن پنجره {provider}',
  'social.closed': 'پنجره {provider} پیش از ورود بسته شد.',
  'social.failed': 'ورود با {provider} انجام نشد: {reason}',
  'social.retry': 'دوباره امتحان کنید',
  'social.back': 'بازگشت به گزینه‌های ورود',
  'social.unavailable': 'ورود با شبکه‌های اجتماعی برای این برنامه راه‌اندازی نشده است.',
  'social.noWallet': 'کیف پول شما روی دستگاهی است که آن را ساخته\u200cاید و رمز بازیابی تعیین نشده است. آنجا وارد شوید و از حساب خود یکی تعیین کنید.',
  'social.initFailed': 'هنگام آغاز احراز هویت مشکلی پیش آمد',
  'farcaster.scan': 'برای ورود با Farcaster، این کد QR را با دوربین گوشی خود اسکن کنید.',
  'farcaster.open': 'باز کردن Farcaster',
  'farcaster.copy': 'کپی پیوند',
  'farcaster.copied': 'پیوند کپی شد',
  'farcaster.qrLabel': 'کد QR برای ورود با Farcaster',
  'farcaster.expired': 'کد QR پیش از استفاده منقضی شد.',
  'farcaster.getNew': 'دریافت کد QR جدید',
  // The manifest's labels.
  'connectMethods.social': 'شبکهٔ اجتماعی',
  'views.SocialConnecting': 'در حال اتصال',
} satisfies TranslationOf<typeof en>;
