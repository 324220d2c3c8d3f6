import { bytesToHex, decodeFunctionData, isAddress, isAddressEqual, numberToHex, toFunctionSelector, type Address, type Hex } from 'viem';
import { RpcError, type CallsStorage } from './calls';

/** The permission types this wallet grants (ERC-7715, the draft viem's `grantPermissions` speaks). */
export const PERMISSION_TYPES = ['native-token-transfer', 'erc20-token-transfer', 'contract-call'] as const;
/** The policies it applies. */
export const POLICY_TYPES = ['token-allowance', 'rate-limit'] as const;
/** A grant lasts at most this long (seconds). */
export const MAX_EXPIRY_S = 365 * 24 * 60 * 60;
/** The most live grants an account has per project (the site's `projectId`). */
const MAX_GRANTS = 20;
/** The most permissions in one request, and function signatures in one contract-call permission. */
const MAX_ITEMS = 10;
/** The most batches remembered per grant (a rate-limit's count is at most this). */
const MAX_USES = 100;
/** ERC-20 `transfer(address,uint256)`: the only call an `erc20-token-transfer` permission allows. */
const ERC20_TRANSFER_ABI = [{ type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [{ type: 'bool' }] }] as const;
const TRANSFER_SELECTOR = '0xa9059cbb';

type Policy = { type: 'token-allowance'; data: { allowance: Hex } } | { type: 'rate-limit'; data: { count: number; interval: number } };
/** A permission as granted (and answered): the request's, checked and normalised. */
export type GrantedPermission = { policies: Policy[]; required: boolean } & (
  | { type: 'native-token-transfer'; data: { ticker: string } }
  | { type: 'erc20-token-transfer'; data: { address: Address; ticker: string } }
  | { type: 'contract-call'; data: { address: Address; calls: string[] } }
);

/** What the wallet keeps of a grant (the frame origin's storage, per project). */
interface Grant {
  readonly context: Hex;
  readonly network: string;
  readonly account: Address;
  /** Unix seconds. */
  readonly expiry: number;
  readonly permissions: GrantedPermission[];
  /** Spent so far under each permission (its allowance's unit), as decimal strings. */
  spent: string[];
  /** When batches used each permission (ms), for its `rate-limit`. */
  uses: number[][];
}

/** One call of a batch, as `calls.ts` reads it. */
export interface PermissionCall {
  readonly to: Address;
  readonly value: bigint;
  readonly data: Hex;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const invalid = (message: string) => new RpcError(message, -32602);
const ticker = (v: unknown, where: string): string => {
  if (typeof v !== 'string' || !/^[A-Za-z0-9.$-]{1,12}$/.test(v)) throw invalid(`${where}: the ticker must be 1–12 letters, digits, ".", "$" or "-"`);
  return v;
};
const address = (v: unknown, where: string): Address => {
  if (typeof v !== 'string' || !v.startsWith('0x') || !isAddress(v)) throw invalid(`${where}: the address must be a 0x address (EIP-55 checksum when mixed case)`);
  return v;
};
const uint256 = (v: unknown, where: string): Hex => {
  // viem sends hex; a decimal string is accepted too (as other SDKs send it).
  if (typeof v === 'string' && (/^0x[0-9a-fA-F]{1,64}$/.test(v) || /^\d{1,78}$/.test(v))) {
    const n = BigInt(v);
    if (n > 0n && n < 2n ** 256n) return numberToHex(n);
  }
  throw invalid(`${where}: the allowance must be a positive uint256 (hex or decimal string)`);
};

/** Reads one requested policy; `undefined` for a type this wallet does not apply. */
function readPolicy(value: unknown, where: string): Policy | undefined {
  if (!isRecord(value) || typeof value['type'] !== 'string') throw invalid(`${where}: a policy needs a type`);
  const data = isRecord(value['data']) ? value['data'] : {};
  if (value['type'] === 'token-allowance') return { type: 'token-allowance', data: { allowance: uint256(data['allowance'], where) } };
  if (value['type'] === 'rate-limit') {
    const { count, interval } = data;
    if (!Number.isSafeInteger(count) || (count as number) < 1 || (count as number) > MAX_USES || !Number.isSafeInteger(interval) || (interval as number) < 1) throw invalid(`${where}: rate-limit needs a count of 1–${MAX_USES} and a positive interval (seconds)`);
    return { type: 'rate-limit', data: { count: count as number, interval: interval as number } };
  }
  return undefined;
}

/**
 * Reads one requested permission; `undefined` when this wallet cannot grant it (an unknown type
 * or policy: the wallet may grant a subset, unless the permission is `required`).
 */
function readPermission(value: unknown, i: number): GrantedPermission | undefined {
  const where = `Permission ${i}`;
  if (!isRecord(value) || typeof value['type'] !== 'string') throw invalid(`${where} needs a type`);
  const required = value['required'] === true;
  const data = isRecord(value['data']) ? value['data'] : {};
  if (!Array.isArray(value['policies']) || value['policies'].length > MAX_ITEMS) throw invalid(`${where}: policies must be a list of at most ${MAX_ITEMS}`);
  const policies = value['policies'].map((p, j) => readPolicy(p, `${where}, policy ${j}`));
  const refuse = (why: string) => {
    if (required) throw new RpcError(`${where} (${String(value['type']).slice(0, 40)}) is required but cannot be granted: ${why}`, -32602);
    return undefined;
  };
  if (policies.some((p) => p === undefined)) return refuse(`this wallet applies the policies ${POLICY_TYPES.join(', ')} only`);
  const kept = policies as Policy[];
  const allowances = kept.filter((p) => p.type === 'token-allowance').length;
  if (kept.filter((p) => p.type === 'rate-limit').length > 1 || allowances > 1) throw invalid(`${where}: at most one policy of each type`);
  switch (value['type']) {
    case 'native-token-transfer':
      if (!allowances) return refuse('a transfer permission needs a token-allowance policy (a spend limit)');
      return { type: 'native-token-transfer', data: { ticker: ticker(data['ticker'], where) }, policies: kept, required };
    case 'erc20-token-transfer':
      if (!allowances) return refuse('a transfer permission needs a token-allowance policy (a spend limit)');
      return { type: 'erc20-token-transfer', data: { address: address(data['address'], where), ticker: ticker(data['ticker'], where) }, policies: kept, required };
    case 'contract-call': {
      if (allowances) throw invalid(`${where}: a token-allowance belongs on a transfer permission, not on contract-call`);
      const calls = data['calls'];
      if (!Array.isArray(calls) || calls.length === 0 || calls.length > MAX_ITEMS) throw invalid(`${where}: calls must list 1–${MAX_ITEMS} function signatures`);
      for (const signature of calls) {
        try {
          if (typeof signature !== 'string' || signature.length > 200) throw new Error();
          toFunctionSelector(signature);
        } catch {
          throw invalid(`${where}: "${String(signature).slice(0, 60)}" is not a function signature like transfer(address,uint256)`);
        }
      }
      return { type: 'contract-call', data: { address: address(data['address'], where), calls: calls as string[] }, policies: kept, required };
    }
    default:
      return refuse(`this wallet grants ${PERMISSION_TYPES.join(', ')} only`);
  }
}

/**
 * ERC-7715 permissions of the embedded wallet, for its smart account: a grant lets the site send
 * batches (`wallet_sendCalls` with the `permissions` capability and the grant's context) that
 * stay inside what the user approved — the contracts and functions named, the spend limits, the
 * rate, the expiry — without asking again. The signer is the wallet itself (signer type
 * `wallet`): it checks each batch against the grant before it signs, so the limits hold however
 * the page behaves, and a revoked or expired grant signs nothing. Grants live in the frame
 * origin's storage, per project.
 */
export function createPermissions(parts: { account: () => Address; smart: (network: string) => boolean; storage: CallsStorage; storageKey: string; now?: () => number }) {
  const now = parts.now ?? Date.now;
  const load = (): Grant[] => {
    try {
      const parsed: unknown = JSON.parse(parts.storage.getItem(parts.storageKey) ?? '[]');
      return Array.isArray(parsed) ? (parsed.filter((g) => isRecord(g) && typeof g['context'] === 'string' && Array.isArray(g['permissions']) && Array.isArray(g['spent']) && Array.isArray(g['uses']) && g['uses'].every(Array.isArray)) as Grant[]) : [];
    } catch {
      return [];
    }
  };
  /** Saves the grants that are still live. */
  const save = (grants: Grant[]) => parts.storage.setItem(parts.storageKey, JSON.stringify(grants.filter((g) => g.expiry * 1000 > now())));
  const mine = (g: Grant) => isAddressEqual(g.account, parts.account());
  const answer = (g: Grant) => ({
    chainId: numberToHex(BigInt(g.network.split(':')[1]!)),
    address: g.account,
    expiry: g.expiry,
    signer: { type: 'wallet' },
    grantedPermissions: g.permissions,
    permissionsContext: g.context,
    spent: g.spent.map((s) => numberToHex(BigInt(s))),
  });

  return {
    /** `wallet_getCapabilities`' `permissions` entry on a network where grants are possible. */
    capability: () => ({ supported: true, signerTypes: ['wallet'], permissionTypes: [...PERMISSION_TYPES], policyTypes: [...POLICY_TYPES] }),

    /** `wallet_grantPermissions`: checks the request, keeps the grant, answers what was granted. */
    grant(network: string, params: unknown[]) {
      const [request] = params;
      if (!isRecord(request)) throw invalid('wallet_grantPermissions needs a request object');
      if (request['chainId'] !== undefined && request['chainId'] !== numberToHex(BigInt(network.split(':')[1]!))) throw new RpcError(`The permissions are for chain ${String(request['chainId']).slice(0, 20)}, the wallet is on ${network}`, 4901);
      if (request['address'] !== undefined && (typeof request['address'] !== 'string' || !isAddress(request['address'], { strict: false }) || !isAddressEqual(request['address'], parts.account()))) throw new RpcError('wallet_grantPermissions: that address is not connected', 4100);
      const signer = request['signer'];
      if (signer !== undefined && !(isRecord(signer) && signer['type'] === 'wallet')) {
        throw invalid(`Signer type "${String(isRecord(signer) ? signer['type'] : signer).slice(0, 20)}" is not supported: this wallet signs under the permissions itself (signer type "wallet")`);
      }
      const expiry = request['expiry'];
      const nowS = Math.floor(now() / 1000);
      if (!Number.isSafeInteger(expiry) || (expiry as number) <= nowS || (expiry as number) > nowS + MAX_EXPIRY_S) throw invalid('The expiry must be a unix time in seconds, in the future and at most one year away');
      const requested = request['permissions'];
      if (!Array.isArray(requested) || requested.length === 0 || requested.length > MAX_ITEMS) throw invalid(`permissions must list 1–${MAX_ITEMS} permissions`);
      const permissions = requested.map(readPermission).filter((p): p is GrantedPermission => p !== undefined);
      if (permissions.length === 0) throw invalid('None of the requested permissions can be granted by this wallet');
      if (!parts.smart(network)) throw new RpcError(`Permissions need the smart account on ${network}: switch the account type in the Account view`, 4200);
      const grants = load();
      if (grants.filter((g) => mine(g) && g.expiry > nowS).length >= MAX_GRANTS) throw new RpcError(`This app already has ${MAX_GRANTS} live permissions: revoke one first`, 4100);
      const grant: Grant = { context: bytesToHex(crypto.getRandomValues(new Uint8Array(32))), network, account: parts.account(), expiry: expiry as number, permissions, spent: permissions.map(() => '0'), uses: permissions.map(() => []) };
      save([...grants, grant]);
      return { expiry: grant.expiry, grantedPermissions: permissions, permissionsContext: grant.context, signerData: {} };
    },

    /** `wallet_revokePermissions` with a `permissionsContext`: the grant signs nothing more. */
    revoke(params: unknown[]) {
      const [request] = params;
      const context = isRecord(request) ? request['permissionsContext'] : undefined;
      if (typeof context !== 'string') throw invalid('wallet_revokePermissions needs a permissionsContext');
      const grants = load();
      const kept = grants.filter((g) => !(g.context === context && mine(g)));
      if (kept.length === grants.length) throw new RpcError('No live permission has that context', 4100);
      save(kept);
      return {};
    },

    /** `wallet_getGrantedExecutionPermissions` (ERC-7715's read): this account's live grants, with what was spent. */
    list() {
      const nowS = Math.floor(now() / 1000);
      return load()
        .filter((g) => mine(g) && g.expiry > nowS)
        .map(answer);
    },

    /**
     * Checks a batch against the grant `context` and reserves what it spends (so two batches at
     * once cannot both use the last of an allowance); returns how to give the reservation back if
     * the batch is not sent. Throws 4100 with the reason when the batch goes beyond the grant.
     */
    reserve(network: string, calls: readonly PermissionCall[], context: string): () => void {
      const grants = load();
      const grant = grants.find((g) => g.context === context && mine(g));
      const refuse = (why: string) => new RpcError(`The batch is outside the permission: ${why}`, 4100);
      if (!grant) throw new RpcError('No live permission has that context (revoked, expired or never granted)', 4100);
      if (grant.network !== network) throw refuse(`it was granted on ${grant.network}, the wallet is on ${network}`);
      const t = now();
      if (grant.expiry * 1000 <= t) throw refuse('it expired');
      const spend = grant.permissions.map(() => 0n);
      /** The permissions this batch uses (each one's rate counts only its own uses). */
      const touched = new Set<number>();
      const index = (type: GrantedPermission['type'], match: (p: GrantedPermission) => boolean = () => true) => {
        const n = grant.permissions.findIndex((p) => p.type === type && match(p));
        if (n >= 0) touched.add(n);
        return n;
      };
      calls.forEach((call, i) => {
        const selector = call.data.length >= 10 ? call.data.slice(0, 10).toLowerCase() : undefined;
        if (call.value > 0n || !selector) {
          const n = index('native-token-transfer');
          if (n < 0) throw refuse(`call ${i} sends the native token, which it does not allow`);
          spend[n]! += call.value;
        }
        if (call.data !== '0x' && !selector) throw refuse(`call ${i}'s data is not a function call`);
        if (!selector) return;
        const erc20 = index('erc20-token-transfer', (p) => p.type === 'erc20-token-transfer' && isAddressEqual(p.data.address, call.to));
        if (erc20 >= 0 && selector === TRANSFER_SELECTOR) {
          try {
            spend[erc20]! += decodeFunctionData({ abi: ERC20_TRANSFER_ABI, data: call.data }).args[1];
          } catch {
            throw refuse(`call ${i} is not a well-formed transfer(address,uint256)`);
          }
          return;
        }
        const allowed = index('contract-call', (p) => p.type === 'contract-call' && isAddressEqual(p.data.address, call.to) && p.data.calls.some((s) => toFunctionSelector(s) === selector));
        if (allowed < 0) throw refuse(`call ${i} (${selector} on ${call.to}) is not one it names`);
      });
      grant.permissions.forEach((p, n) => {
        const allowance = p.policies.find((x) => x.type === 'token-allowance');
        if (allowance && BigInt(grant.spent[n]!) + spend[n]! > BigInt(allowance.data.allowance)) {
          throw refuse(`it spends beyond the ${"ticker" in p.data ? p.data.ticker : ""} allowance (${BigInt(allowance.data.allowance)} in the smallest unit, ${grant.spent[n]} already spent)`);
        }
        const rate = p.policies.find((x) => x.type === 'rate-limit');
        if (rate && touched.has(n) && (grant.uses[n] ?? []).filter((u) => t - u < rate.data.interval * 1000).length >= rate.data.count) throw refuse(`its rate limit is ${rate.data.count} per ${rate.data.interval} s`);
      });
      const apply = (sign: 1n | -1n) => {
        const latest = load();
        const g = latest.find((x) => x.context === context);
        if (!g) return;
        g.spent = g.spent.map((s, n) => String(BigInt(s) + sign * spend[n]!));
        g.uses = g.uses.map((uses, n) => {
          if (!touched.has(n)) return uses;
          if (sign > 0n) return [...uses, t].slice(-MAX_USES);
          // Given back: this batch's own entry only (another may share the millisecond).
          const at = uses.lastIndexOf(t);
          return at < 0 ? uses : [...uses.slice(0, at), ...uses.slice(at + 1)];
        });
        save(latest);
      };
      apply(1n);
      return () => apply(-1n);
    },
  };
}

/** The embedded wallet's ERC-7715 permissions. */
export type Permissions = ReturnType<typeof createPermissions>;
