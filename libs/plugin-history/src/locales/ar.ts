import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'جارٍ تحميل النشاط…',
  'history.empty': 'لا يوجد نشاط بعد.',
  'history.unavailable': 'النشاط غير متاح على هذه الشبكة.',
  'history.error': 'تعذّر تحميل النشاط.',
  'history.moreError': 'تعذّر تحميل النشاط الأقدم.',
  'history.retry': 'أعد المحاولة',
  'history.more': 'تحميل المزيد',
  'history.pending': 'قيد الانتظار',
  'history.today': 'اليوم',
  'history.yesterday': 'أمس',
  'history.failed': 'فشلت',
  'history.to': 'إلى {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'من {address}',
  'history.explorer': 'عرض على {explorer}',
  'history.op.send': 'مُرسَل',
  'history.op.receive': 'مُستلَم',
  'history.op.self': 'مُرسَل إلى نفسك',
  'history.op.execute': 'استدعاء عقد',
  'history.op.deploy': 'نشر عقد',
  'history.op.approve': 'موافقة',
  'history.op.trade': 'مبادلة',
  'history.op.mint': 'سكّ',
  // The manifest's labels.
  'views.Activity': 'النشاط',
  'accountTabs.activity': 'النشاط',
} satisfies TranslationOf<typeof en>;
