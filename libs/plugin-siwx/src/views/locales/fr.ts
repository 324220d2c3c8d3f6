import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'siwx.intro': 'Signez ce message pour prouver que ce portefeuille vous appartient.',
  'siwx.sign': 'Signer',
  'siwx.cancel': 'Annuler',
  'siwx.authenticating': 'Authentification…',
  'siwx.error.initFailed': 'Un problème est survenu lors du lancement de l’authentification',
  'siwx.error.declined': 'Signature refusée',
  'siwx.error.smartAccount': 'Cette application ne prend peut-être pas en charge les comptes intelligents',
  // The manifest's labels.
  'views.SIWXSignMessage': 'Connexion',
  'alerts.siwx-init-failed.title': 'Connexion',
  'alerts.siwx-init-failed.message': 'Un problème est survenu lors du lancement de l’authentification',
} satisfies TranslationOf<typeof en>;
