// The account reads (native balance, token balances, name-service profile): their cache with
// retries and the actions over it. Loaded when something first watches or asks for a read, or
// when the modal first opens, not with the page: a page showing a connect button never needs it.
import { CACHE_TTL_MS, type AccountIdentity, type Balance, type TokenBalance } from '@portico/kernel';
import { createAccountReads } from './accountReads';
import type { AccountReadStores } from './porticoContext';

export { balanceRead, getBalance } from '../actions/getBalance';
export { getIdentity, identityRead } from '../actions/getIdentity';
export { getTokens, tokensRead } from '../actions/getTokens';

/** The read caches of one Portico instance, with the spec's freshness (30 s balances and portfolios, 5 min names). */
export function createReadStores(): AccountReadStores {
  return {
    balances: createAccountReads<Balance>({ ttlMs: CACHE_TTL_MS.nativeBalance }),
    portfolios: createAccountReads<readonly TokenBalance[] | undefined>({ ttlMs: CACHE_TTL_MS.portfolio }),
    identities: createAccountReads<AccountIdentity | undefined>({ ttlMs: CACHE_TTL_MS.identity }),
  };
}
