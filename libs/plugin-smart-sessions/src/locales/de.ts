import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "Was diese Seite mit deinem Konto tun darf, ohne jedes Mal zu fragen.",
  'permissions.none': "Diese Seite hat keine Berechtigungen.",
  'permissions.unsupported': "Diese Wallet vergibt keine Berechtigungen an Seiten (ERC-7715).",
  'permissions.native': "{ticker} senden",
  'permissions.erc20': "{ticker} senden (Token {address})",
  'permissions.call': "{functions} auf {address} aufrufen",
  'permissions.spent': "{spent} von {limit} ausgegeben",
  'permissions.rate': "Höchstens {count} pro {interval}",
  'permissions.until': "Bis {date}",
  'permissions.revoke': "Widerrufen",
  'permissions.revokeNamed': "„{name}“ widerrufen",
  'permissions.loadFailed': "Die Berechtigungen konnten nicht gelesen werden.",
  // The manifest's labels.
  'views.Permissions': 'Berechtigungen',
  'walletButtons.permissions': 'Berechtigungen',
} satisfies TranslationOf<typeof en>;
