import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'טוען פעילות…',
  'history.empty': 'אין פעילות עדיין.',
  'history.unavailable': 'פעילות אינה זמינה ברשת זו.',
  'history.error': 'לא ניתן היה לטעון את הפעילות.',
  'history.moreError': 'לא ניתן היה לטעון פעילות ישנה יותר.',
  'history.retry': 'נסו שוב',
  'history.more': 'טען עוד',
  'history.pending': 'ממתין',
  'history.today': 'היום',
  'history.yesterday': 'אתמול',
  'history.failed': 'נכשל',
  'history.to': 'אל {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'מאת {address}',
  'history.explorer': 'הצג ב-{explorer}',
  'history.op.send': 'נשלח',
  'history.op.receive': 'התקבל',
  'history.op.self': 'נשלח לעצמך',
  'history.op.execute': 'קריאה לחוזה',
  'history.op.deploy': 'חוזה נפרס',
  'history.op.approve': 'אושר',
  'history.op.trade': 'הוחלף',
  'history.op.mint': 'הונפק',
  // The manifest's labels.
  'views.Activity': 'פעילות',
  'accountTabs.activity': 'פעילות',
} satisfies TranslationOf<typeof en>;
