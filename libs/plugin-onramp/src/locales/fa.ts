import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'onramp.amount': 'مبلغ',
  'onramp.currency': 'ارز',
  'onramp.providers': 'خرید {symbol} با',
  'onramp.best': 'بهترین نرخ',
  'onramp.quote': '≈ {amount} {symbol}',
  'onramp.fee': 'کارمزد {fee}',
  'onramp.feeRange': 'کارمزد ۱–۲ %',
  'onramp.quoting': 'در حال دریافت قیمت‌ها…',
  'onramp.noQuote': 'بدون قیمت',
  'onramp.opening': 'در حال باز کردن {provider}…',
  'onramp.inProgress': 'خرید در حال انجام است',
  'onramp.inProgressHint': 'خرید را در پنجرهٔ {provider} تکمیل کنید. وقتی {symbol} برسد، موجودی شما اینجا به‌روز می‌شود.',
  'onramp.openAgain': 'باز کردن دوبارهٔ {provider}',
  'onramp.popupBlocked': 'مرورگر شما پنجرهٔ {provider} را مسدود کرد.',
  'onramp.stop': 'توقف انتظار',
  'onramp.arrived': '{amount} {symbol} رسید',
  'onramp.done': 'تمام',
  'onramp.unavailable': 'خرید رمزارز برای این حساب در دسترس نیست.',
  'onramp.restricted': 'خرید رمزارز در منطقهٔ شما در دسترس نیست.',
  'onramp.error.amount': 'مبلغی بیشتر از ۰ با حداکثر ۲ رقم اعشار وارد کنید.',
  'onramp.error.open': '{provider} باز نشد: {reason}',
  'onramp.error.quotes': 'قیمت‌ها اکنون در دسترس نیستند ({reason})؛ کارمزد ارائه‌دهندگان ۱–۲ % است.',
  'onramp.loading': 'در حال بارگذاری…',
  'onramp.unavailableNetwork': 'خرید رمزارز در {network} در دسترس نیست.',
  'onramp.error.options': 'خرید در این سایت به‌درستی پیکربندی نشده است: {reason}',
  // The manifest's labels.
  'views.OnRampProviders': 'انتخاب ارائه‌دهنده',
  'walletButtons.onramp': 'خرید',
} satisfies TranslationOf<typeof en>;
