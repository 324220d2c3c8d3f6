import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'send.token': 'توکن', 'send.amount': 'مبلغ', 'send.max': 'حداکثر', 'send.to': 'به', 'send.network': 'شبکه', 'send.fee': 'کارمزد شبکه',
  'send.review': 'بازبینی', 'send.back': 'بازگشت', 'send.send': 'ارسال', 'send.confirmInWallet': 'در کیف پول تأیید کنید…', 'send.sent': '{amount} {symbol} ارسال شد',
  'send.explorer': 'مشاهده در {explorer}', 'send.done': 'تمام', 'send.loading': 'در حال بارگیری موجودی‌ها…', 'send.unavailable': 'ارسال برای این حساب در دسترس نیست.',
  'send.error.amount': 'مبلغی بیشتر از ۰ با حداکثر {decimals} رقم اعشار وارد کنید.', 'send.error.balance': 'موجودی {symbol} کافی نیست.',
  'send.error.withFee': '{symbol} برای این مبلغ و کارمزد شبکه کافی نیست.', 'send.error.fee': '{symbol} برای پرداخت کارمزد شبکه کافی نیست.',
  'send.error.recipient': 'گیرنده نامعتبر: {problem}.', 'send.error.estimate': 'این انتقال ناموفق خواهد بود: {reason}', 'send.error.rejected': 'انتقال در کیف پول رد شد.',
  'send.status.pending': 'در انتظار تأیید…',
  'send.status.confirmed': 'تأیید شد.',
  'send.status.failed': 'انتقال روی شبکه ناموفق بود.',
  'send.status.dropped': 'انتقال پیش از تأیید کنار گذاشته شد.',
  'send.pick': 'انتخاب توکن',
  'send.search': 'جستجو با نام، نماد یا نشانی',
  'send.noMatch': 'هیچ توکنی با «{query}» مطابقت ندارد.',
  // The manifest's labels.
  'views.Send': 'ارسال',
  'walletButtons.send': 'ارسال',
} satisfies TranslationOf<typeof en>;
