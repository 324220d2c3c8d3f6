import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'walletconnect.unavailable': 'WalletConnect n’est pas activé',
  'walletconnect.preparing': 'Préparation du QR code',
  'walletconnect.openApp': 'Ouvrir {name}',
  'walletconnect.appMissing': '{name} ne s’est pas ouvert.',
  'walletconnect.dontHave': 'Vous n’avez pas {name} ?',
  'walletconnect.getApp': 'Obtenir {name}',
  'walletconnect.openWeb': 'Ouvrir dans le navigateur',
  'walletconnect.qrLabel': 'QR code WalletConnect',
  'walletconnect.scan': 'Scannez ce QR code avec votre téléphone',
  'walletconnect.scanFromOther': 'Ou scannez ce QR code avec un portefeuille sur un autre appareil',
  'walletconnect.copy': 'Copier le lien',
  'walletconnect.copied': 'Lien copié',
  'walletconnect.request.failed': 'La demande n’a pas abouti',
  'walletconnect.request.failedMessage': 'Votre portefeuille est injoignable, car la connexion avec lui a été interrompue. Veuillez réessayer.',
  'walletconnect.request.close': 'Fermer',
  'walletconnect.request.waiting': 'En attente de votre portefeuille',
  'walletconnect.request.whenBack': 'La demande sera transmise à votre portefeuille dès le retour de la connexion.',
  'walletconnect.request.confirm': 'Confirmez la demande dans votre portefeuille.',
  // The manifest's labels.
  'views.ConnectingWalletConnect': 'WalletConnect',
  'views.WalletConnectRequest': 'Requête au portefeuille',
  'alerts.walletconnect-connection-interrupted.title': 'Connexion à votre portefeuille interrompue',
  'alerts.walletconnect-connection-interrupted.message': 'Reconnexion… Votre portefeuille ne peut pas recevoir de requêtes tant que la connexion n’est pas rétablie.',
} satisfies TranslationOf<typeof en>;
