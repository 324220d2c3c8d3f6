import type { AccountType } from '../taxonomy/connectors';
import type { NamespaceDirectory } from './NamespaceDirectory';

/**
 * The account type to select in `namespace`: the user's `chosen` type when the chain plugin
 * declares it (a stored choice the plugin no longer knows is ignored), else the plugin's default.
 */
export function preferredAccountTypeOf(directory: NamespaceDirectory, namespace: string, chosen: AccountType | undefined): AccountType | undefined {
  const declared = directory.accountTypes(namespace);
  return chosen !== undefined && (!declared || declared.includes(chosen)) ? chosen : directory.defaultAccountType(namespace);
}

