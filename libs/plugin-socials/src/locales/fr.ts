import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': 'Continuez dans la fenêtre {provider}',
  'social.opening': 'Ouverture de {provider}…',
  'social.waiting': 'Connectez-vous avec {provider} dans la fenêtre ouverte. Cette page continue d’elle-même.',
  'social.blocked': 'Le navigateur a bloqué la fenêtre {provider}.',
  'social.open': 'Ouvrir la fenêtre {provider}',
  'social.closed': 'La fenêtre {provider} a été fermée avant la connexion.',
  'social.failed': 'La connexion avec {provider} a échoué : {reason}',
  'social.retry': 'Réessayer',
  'social.back': 'Retour aux options de connexion',
  'social.unavailable': 'La connexion sociale n’est pas configurée pour cette application.',
  'social.noWallet': 'Votre portefeuille est sur l’appareil où vous l’avez créé, et aucun mot de passe de récupération n’a été défini. Connectez-vous là-bas et définissez-en un depuis votre compte.',
  'social.initFailed': 'Un problème est survenu lors du lancement de l’authentification',
  'farcaster.scan': 'Scannez ce code QR avec l’appareil photo de votre téléphone pour vous connecter avec Farcaster.',
  'farcaster.open': 'Ouvrir Farcaster',
  'farcaster.copy': 'Copier le lien',
  'farcaster.copied': 'Lien copié',
  'farcaster.qrLabel': 'Code QR pour se connecter avec Farcaster',
  'farcaster.expired': 'Le code QR a expiré avant d’être utilisé.',
  'farcaster.getNew': 'Obtenir un nouveau code QR',
  // The manifest's labels.
  'connectMethods.social': 'Réseau social',
  'views.SocialConnecting': 'Connexion',
} satisfies TranslationOf<typeof en>;
