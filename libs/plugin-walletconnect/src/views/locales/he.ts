import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect לא מופעל',
  'walletconnect.preparing': 'מכינים את קוד ה-QR',
  'walletconnect.openApp': 'פתיחת {name}',
  'walletconnect.appMissing': '{name} לא נפתח.',
  'walletconnect.dontHave': 'אין לכם {name}?',
  'walletconnect.getApp': 'להורדת {name}',
  'walletconnect.openWeb': 'פתיחה בדפדפן',
  'walletconnect.qrLabel': 'קוד QR של WalletConnect',
  'walletconnect.scan': 'סרקו את קוד ה-QR הזה בטלפון',
  'walletconnect.scanFromOther': 'או סרקו את קוד ה-QR הזה בארנק במכשיר אחר',
  'walletconnect.copy': 'העתקת הקישור',
  'walletconnect.copied': 'הקישור הועתק',
  'walletconnect.request.failed': 'הבקשה לא עברה',
  'walletconnect.request.failedMessage': 'לא ניתן היה להגיע לארנק שלכם כי החיבור אליו נקטע. נסו שוב.',
  'walletconnect.request.close': 'סגירה',
  'walletconnect.request.waiting': 'ממתינים לארנק שלכם',
  'walletconnect.request.whenBack': 'הבקשה תישלח לארנק ברגע שהחיבור יחזור.',
  'walletconnect.request.confirm': 'אשרו את הבקשה בארנק.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'בקשה מהארנק',
  'alerts.walletconnect-connection-interrupted.title': 'החיבור לארנק שלכם נקטע',
  'alerts.walletconnect-connection-interrupted.message': 'מתחבר מחדש… הארנק לא יכול לקבל בקשות עד שהחיבור יחזור.',
} satisfies TranslationOf<typeof en>;
