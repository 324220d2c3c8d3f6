import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'در حال بارگیری فعالیت…',
  'history.empty': 'هنوز فعالیتی نیست.',
  'history.unavailable': 'فعالیت در این شبکه در دسترس نیست.',
  'history.error': 'فعالیت بارگیری نشد.',
  'history.moreError': 'فعالیت‌های قدیمی‌تر بارگیری نشد.',
  'history.retry': 'دوباره تلاش کنید',
  'history.more': 'بیشتر',
  'history.pending': 'در انتظار',
  'history.today': 'امروز',
  'history.yesterday': 'دیروز',
  'history.failed': 'ناموفق',
  'history.to': 'به {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'از {address}',
  'history.explorer': 'مشاهده در {explorer}',
  'history.op.send': 'ارسال شد',
  'history.op.receive': 'دریافت شد',
  'history.op.self': 'ارسال به خود',
  'history.op.execute': 'فراخوانی قرارداد',
  'history.op.deploy': 'استقرار قرارداد',
  'history.op.approve': 'تأیید شد',
  'history.op.trade': 'مبادله شد',
  'history.op.mint': 'ضرب شد',
  // The manifest's labels.
  'views.Activity': 'فعالیت',
  'accountTabs.activity': 'فعالیت',
} satisfies TranslationOf<typeof en>;
