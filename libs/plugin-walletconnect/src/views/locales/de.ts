import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect ist nicht aktiviert',
  'walletconnect.preparing': 'QR-Code wird vorbereitet',
  'walletconnect.openApp': '{name} öffnen',
  'walletconnect.appMissing': '{name} wurde nicht geöffnet.',
  'walletconnect.dontHave': 'Du hast {name} nicht?',
  'walletconnect.getApp': '{name} herunterladen',
  'walletconnect.openWeb': 'Im Browser öffnen',
  'walletconnect.qrLabel': 'WalletConnect-QR-Code',
  'walletconnect.scan': 'Scanne diesen QR-Code mit deinem Smartphone',
  'walletconnect.scanFromOther': 'Oder scanne diesen QR-Code mit einer Wallet auf einem anderen Gerät',
  'walletconnect.copy': 'Link kopieren',
  'walletconnect.copied': 'Link kopiert',
  'walletconnect.request.failed': 'Die Anfrage ist nicht durchgegangen',
  'walletconnect.request.failedMessage': 'Deine Wallet war nicht erreichbar, weil die Verbindung zu ihr unterbrochen wurde. Bitte versuche es erneut.',
  'walletconnect.request.close': 'Schließen',
  'walletconnect.request.waiting': 'Warte auf deine Wallet',
  'walletconnect.request.whenBack': 'Die Anfrage geht an deine Wallet, sobald die Verbindung wieder steht.',
  'walletconnect.request.confirm': 'Bestätige die Anfrage in deiner Wallet.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'Wallet-Anfrage',
  'alerts.walletconnect-connection-interrupted.title': 'Verbindung zu deiner Wallet unterbrochen',
  'alerts.walletconnect-connection-interrupted.message': 'Verbinde neu … Deine Wallet kann keine Anfragen empfangen, bis die Verbindung wieder steht.',
} satisfies TranslationOf<typeof en>;
