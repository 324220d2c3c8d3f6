import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'חתמו על ההודעה הזו כדי להוכיח שהארנק שייך לכם.',
  'siwx.sign': 'חתימה',
  'siwx.cancel': 'ביטול',
  'siwx.authenticating': 'מתבצע אימות...',
  'siwx.error.initFailed': 'אירעה בעיה בהפעלת האימות',
  'siwx.error.declined': 'החתימה נדחתה',
  'siwx.error.smartAccount': 'ייתכן שהאפליקציה הזו לא תומכת בחשבונות חכמים',
  // The manifest's labels.
  'views.SIWXSignMessage': 'התחברות',
  'alerts.siwx-init-failed.title': 'התחברות',
  'alerts.siwx-init-failed.message': 'אירעה בעיה בהפעלת האימות',
} satisfies TranslationOf<typeof en>;
