import { AdapterNotFoundError, InvalidCaipNetworkIdError } from '../errors/kernelErrors';
import { parseCaipAddress, parseCaipNetworkId } from '../caip/caip';
import type { AccountType } from '../taxonomy/connectors';
import type { Account } from './connectionState';

/** What the connection store needs to know of the enabled chain plugins. */
export interface NamespaceDirectory {
  /** Namespaces some enabled chain plugin provides. */
  known(): ReadonlySet<string>;
  /** The providing plugin's default account type. */
  defaultAccountType(namespace: string): AccountType | undefined;
  /** The account types the providing plugin lists (`undefined`: it lists none, any goes). */
  accountTypes(namespace: string): readonly AccountType[] | undefined;
  /** The namespace's display name, as its chain plugin's manifest gives it (English). */
  nameOf(namespace: string): string | undefined;
}

/** Throws `AdapterNotFoundError` unless an enabled chain plugin provides `namespace`. */
export function assertKnown(directory: NamespaceDirectory, namespace: string): void {
  if (!directory.known().has(namespace)) {
    throw new AdapterNotFoundError(`no enabled chain plugin provides "${namespace}"`);
  }
}

/**
 * A copy of `accounts`, each checked to be a CAIP-10 address of a provided namespace
 * (`InvalidCaipAddressError`) and of `namespace` itself (`AdapterNotFoundError`).
 */
export function checkAccounts(directory: NamespaceDirectory, namespace: string, accounts: readonly Account[]): Account[] {
  return accounts.map((account) => {
    const parsed = parseCaipAddress(account.address, directory.known());
    if (parsed.namespace !== namespace) {
      throw new AdapterNotFoundError(`account ${account.address} is not in namespace "${namespace}"`);
    }
    return account;
  });
}

/** Throws `InvalidCaipNetworkIdError` unless `network` is a CAIP-2 id of `namespace`. */
export function checkNetwork(namespace: string, network: string): void {
  if (parseCaipNetworkId(network).namespace !== namespace) {
    throw new InvalidCaipNetworkIdError(`"${network}" is not in namespace "${namespace}"`);
  }
}

