import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "Ce que ce site peut faire depuis votre compte sans vous le demander à chaque fois.",
  'permissions.none': "Ce site ne détient aucune autorisation.",
  'permissions.unsupported': "Ce portefeuille n’accorde pas d’autorisations aux sites (ERC-7715).",
  'permissions.native': "Envoyer des {ticker}",
  'permissions.erc20': "Envoyer des {ticker} (jeton {address})",
  'permissions.call': "Appeler {functions} sur {address}",
  'permissions.spent': "{spent} sur {limit} dépensés",
  'permissions.rate': "Au plus {count} par {interval}",
  'permissions.until': "Jusqu’au {date}",
  'permissions.revoke': "Révoquer",
  'permissions.revokeNamed': "Révoquer « {name} »",
  'permissions.loadFailed': "Les autorisations n’ont pas pu être lues.",
  // The manifest's labels.
  'views.Permissions': 'Autorisations',
  'walletButtons.permissions': 'Autorisations',
} satisfies TranslationOf<typeof en>;
