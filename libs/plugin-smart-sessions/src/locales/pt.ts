import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "O que este site pode fazer na sua conta sem perguntar a cada vez.",
  'permissions.none': "Este site não tem permissões.",
  'permissions.unsupported': "Esta carteira não concede permissões a sites (ERC-7715).",
  'permissions.native': "Enviar {ticker}",
  'permissions.erc20': "Enviar {ticker} (token {address})",
  'permissions.call': "Chamar {functions} em {address}",
  'permissions.spent': "{spent} de {limit} gastos",
  'permissions.rate': "No máximo {count} a cada {interval}",
  'permissions.until': "Até {date}",
  'permissions.revoke': "Revogar",
  'permissions.revokeNamed': "Revogar “{name}”",
  'permissions.loadFailed': "Não foi possível ler as permissões.",
  // The manifest's labels.
  'views.Permissions': 'Permissões',
  'walletButtons.permissions': 'Permissões',
} satisfies TranslationOf<typeof en>;
