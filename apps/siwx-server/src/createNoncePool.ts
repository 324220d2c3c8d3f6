import { createSiwxNonce } from '@portico/plugin-siwx';

/** Limits of a nonce pool (see `SiwxServerOptions` for their defaults). */
export interface NoncePoolLimits {
  /** How long an issued nonce can be used. */
  ttlMs: number;
  /** Outstanding nonces in all. */
  max: number;
  /** Outstanding nonces per client (the key `clientKeyOf` gives its remote address). */
  maxPerClient: number;
  /** Outstanding nonces one client holds for one account. */
  maxPerClientAccount: number;
}

/** Why `issue` refused: the limit reached, and how long until a slot under it frees. */
export interface NonceRefusal {
  limit: 'pool' | 'client' | 'client-account';
  retryAfterMs: number;
}

/** Single-use, expiring nonces, counted per client so one client cannot use up the pool. */
export interface NoncePool {
  /** A new nonce for `account`, asked for by `client`, unless a limit is reached. */
  issue(client: string, account: string): { nonce: string } | { refused: NonceRefusal };
  /**
   * Spends `nonce` if it is outstanding and `isFor` accepts the account it was issued for, in one
   * synchronous step, so of any number of concurrent requests with one nonce only the first gets
   * `taken`. A spent nonce frees its slot under every limit and never comes back. An unknown,
   * expired or used nonce is `unknown`; one issued for an account `isFor` refuses is
   * `other-account` and stays outstanding for its own account.
   */
  take(nonce: string, isFor: (account: string) => boolean): 'taken' | 'unknown' | 'other-account';
}

interface Issued {
  account: string;
  client: string;
  clientAccount: string;
  expires: number;
}

/** Nonce sets keyed by who holds them; a Set keeps issue order, so its first is the oldest. */
type Holdings = Map<string, Set<string>>;

const hold = (holdings: Holdings, key: string, nonce: string) => {
  let held = holdings.get(key);
  if (!held) holdings.set(key, (held = new Set()));
  held.add(nonce);
};

const release = (holdings: Holdings, key: string, nonce: string) => {
  const held = holdings.get(key);
  held?.delete(nonce);
  if (held?.size === 0) holdings.delete(key);
};

/**
 * A nonce pool with three limits: outstanding nonces in all, per client, and per client and
 * account. Expired nonces are pruned before each issue. The account limit is counted per
 * client on purpose: the account is whatever the caller names, so a limit per account alone
 * would let anyone lock a victim's account out, and would not stop one client spreading its
 * requests over made-up accounts (the per-client limit does).
 */
export function createNoncePool(limits: NoncePoolLimits): NoncePool {
  const issued = new Map<string, Issued>();
  const byClient: Holdings = new Map();
  const byClientAccount: Holdings = new Map();

  const consume = (nonce: string) => {
    const entry = issued.get(nonce);
    if (!entry) return;
    issued.delete(nonce);
    release(byClient, entry.client, nonce);
    release(byClientAccount, entry.clientAccount, nonce);
  };

  const prune = (now: number) => {
    // Every nonce lives ttlMs and the Map keeps issue order, so the expired ones lead: stop at
    // the first live one rather than scanning the whole pool on every request.
    for (const [nonce, entry] of issued) {
      if (entry.expires > now) break;
      consume(nonce);
    }
  };

  const refusal = (limit: NonceRefusal['limit'], oldest: string | undefined, now: number): { refused: NonceRefusal } => ({
    refused: { limit, retryAfterMs: Math.max(0, (issued.get(oldest ?? '')?.expires ?? now) - now) },
  });

  return {
    issue(client, account) {
      const now = Date.now();
      prune(now);
      // A newline is in neither a remote address nor an account key, so the pair is unambiguous.
      const clientAccount = `${client}\n${account}`;
      const ofClient = byClient.get(client);
      const ofClientAccount = byClientAccount.get(clientAccount);
      if ((ofClientAccount?.size ?? 0) >= limits.maxPerClientAccount) return refusal('client-account', ofClientAccount?.values().next().value, now);
      if ((ofClient?.size ?? 0) >= limits.maxPerClient) return refusal('client', ofClient?.values().next().value, now);
      if (issued.size >= limits.max) return refusal('pool', issued.keys().next().value, now);
      const nonce = createSiwxNonce();
      issued.set(nonce, { account, client, clientAccount, expires: now + limits.ttlMs });
      hold(byClient, client, nonce);
      hold(byClientAccount, clientAccount, nonce);
      return { nonce };
    },
    take(nonce, isFor) {
      const entry = issued.get(nonce);
      if (!entry || entry.expires <= Date.now()) return 'unknown';
      if (!isFor(entry.account)) return 'other-account';
      consume(nonce);
      return 'taken';
    },
  };
}
