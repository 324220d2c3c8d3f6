import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'Signiere diese Nachricht, um zu beweisen, dass dir diese Wallet gehört.',
  'siwx.sign': 'Signieren',
  'siwx.cancel': 'Abbrechen',
  'siwx.authenticating': 'Authentifizierung läuft …',
  'siwx.error.initFailed': 'Beim Starten der Authentifizierung ist ein Problem aufgetreten',
  'siwx.error.declined': 'Signatur abgelehnt',
  'siwx.error.smartAccount': 'Diese Anwendung unterstützt Smart Accounts möglicherweise nicht',
  // The manifest's labels.
  'views.SIWXSignMessage': 'Anmelden',
  'alerts.siwx-init-failed.title': 'Anmelden',
  'alerts.siwx-init-failed.message': 'Beim Starten der Authentifizierung ist ein Problem aufgetreten',
} satisfies TranslationOf<typeof en>;
