import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "Lo que este sitio puede hacer desde tu cuenta sin preguntarte cada vez.",
  'permissions.none': "Este sitio no tiene permisos.",
  'permissions.unsupported': "Esta billetera no concede permisos a sitios (ERC-7715).",
  'permissions.native': "Enviar {ticker}",
  'permissions.erc20': "Enviar {ticker} (token {address})",
  'permissions.call': "Llamar a {functions} en {address}",
  'permissions.spent': "{spent} de {limit} gastado",
  'permissions.rate': "Como máximo {count} cada {interval}",
  'permissions.until': "Hasta {date}",
  'permissions.revoke': "Revocar",
  'permissions.revokeNamed': "Revocar «{name}»",
  'permissions.loadFailed': "No se pudieron leer los permisos.",
  // The manifest's labels.
  'views.Permissions': 'Permisos',
  'walletButtons.permissions': 'Permisos',
} satisfies TranslationOf<typeof en>;
