import type { Permissions } from './permissions';
import { BaseError, bytesToHex, concat, EstimateGasExecutionError, ExecutionRevertedError, createPublicClient, createWalletClient, encodeFunctionData, http, isAddress, isAddressEqual, isHex, numberToHex, type Address, type Hex, type PrivateKeyAccount, type TransactionReceipt } from 'viem';

/** An error with an EIP-1193 / EIP-5792 code, answered as such to the host. */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** eth-infinitism's `BaseAccount.executeBatch` (ERC-4337 0.8; `Simple7702Account` has it). */
const EXECUTE_BATCH_ABI = [
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'calls', type: 'tuple[]', components: [{ name: 'target', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'data', type: 'bytes' }] }],
    outputs: [],
  },
] as const;

/** The code of a batch refused at its estimate: nothing was sent (EIP-1474's "transaction rejected"). */
const NOT_SENT = -32003;

/** The most calls in one batch (EIP-5792's 5740 beyond it). */
export const MAX_CALLS = 32;
/** How long a batch's status is answered (EIP-5792: wallets should answer for 24 h). */
const KEEP_MS = 24 * 60 * 60_000;
/** The most batches remembered. */
const MAX_BATCHES = 200;

interface Call {
  readonly to: Address;
  readonly value: bigint;
  readonly data: Hex;
}

/** A batch sent: its chain, its transactions (one when atomic), whether it was atomic. */
interface BatchRecord {
  readonly chainId: string;
  readonly hashes: Hex[];
  readonly atomic: boolean;
  readonly at: number;
}

export interface CallsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const quantity = (v: unknown, what: string): bigint => {
  if (v === undefined || v === null) return 0n;
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v)) throw new RpcError(`${what} must be a hex quantity`, -32602);
  return BigInt(v);
};

/** viem's one-line reason, capped (its full message carries the whole request). */
const shortMessage = (error: unknown): string => {
  const e = error as { shortMessage?: unknown; message?: unknown };
  const text = typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : String(error);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
};

/** The calls of a `wallet_sendCalls` request, checked (spec §5: targets and data start with 0x). */
function readCalls(value: unknown): Call[] {
  if (!Array.isArray(value) || value.length === 0) throw new RpcError('wallet_sendCalls needs at least one call', -32602);
  if (value.length > MAX_CALLS) throw new RpcError(`A batch may have at most ${MAX_CALLS} calls`, 5740);
  return value.map((call: unknown, i) => {
    if (!isRecord(call)) throw new RpcError(`Call ${i} is not an object`, -32602);
    const { to, data, value: amount, capabilities } = call;
    if (typeof to !== 'string' || !to.startsWith('0x') || !isAddress(to)) throw new RpcError(`Call ${i}: the target must be a 0x address (EIP-55 checksum when mixed case)`, -32602);
    if (data !== undefined && (typeof data !== 'string' || !data.startsWith('0x') || !isHex(data) || data.length % 2 !== 0)) throw new RpcError(`Call ${i}: the data must be 0x hex`, -32602);
    if (isRecord(capabilities) && Object.values(capabilities).some((c) => !(isRecord(c) && c['optional'] === true))) throw new RpcError(`Call ${i} asks for a capability this wallet does not have`, 5700);
    return { to, value: quantity(amount, `Call ${i}'s value`), data: (data as Hex | undefined) ?? '0x' };
  });
}

/**
 * EIP-5792 for the embedded wallet: batches as one EIP-7702 transaction from the account to
 * itself (`executeBatch` of the delegated account implementation; the first batch carries the
 * authorization that delegates to it), so every call lands or none does, with no bundler; an
 * account on a network without it (or whose user prefers the plain EOA) sends the calls one by
 * one (`atomic` false). Batch ids are random and remembered 24 h in the frame's storage.
 */
export function createCallsWallet(parts: { account: () => PrivateKeyAccount; rpcUrl: (network: string) => string; implementation: (network: string) => Address | undefined; smart: (network: string) => boolean; storage: CallsStorage; storageKey: string; permissions?: Permissions }) {
  const clientsFor = (network: string) => {
    const transport = http(parts.rpcUrl(network));
    return { reader: createPublicClient({ transport }), wallet: createWalletClient({ account: parts.account(), transport }) };
  };

  const batches = (): Record<string, BatchRecord> => {
    try {
      const parsed: unknown = JSON.parse(parts.storage.getItem(parts.storageKey) ?? '{}');
      return isRecord(parsed) ? (parsed as Record<string, BatchRecord>) : {};
    } catch {
      return {};
    }
  };
  const remember = (id: string, record: BatchRecord) => {
    const now = Date.now();
    const kept = Object.entries(batches()).filter(([, r]) => now - r.at < KEEP_MS).slice(-(MAX_BATCHES - 1));
    parts.storage.setItem(parts.storageKey, JSON.stringify(Object.fromEntries([...kept, [id, record]])));
  };

  /** Whether the account delegates to the implementation on `network` now (EIP-7702: its code is 0xef0100 ‖ address). */
  const delegated = async (network: string): Promise<boolean> => {
    const implementation = parts.implementation(network);
    if (!implementation) return false;
    const code = await clientsFor(network).reader.getCode({ address: parts.account().address });
    return (code ?? '0x').toLowerCase() === concat(['0xef0100', implementation]).toLowerCase();
  };

  /** One transaction from the account to itself: `executeBatch(calls)`, with the delegation if it is not there yet. */
  const sendAtomic = async (network: string, calls: readonly Call[]): Promise<Hex> => {
    const implementation = parts.implementation(network)!;
    const { wallet } = clientsFor(network);
    const account = parts.account();
    const data = encodeFunctionData({ abi: EXECUTE_BATCH_ABI, functionName: 'executeBatch', args: [calls.map((c) => ({ target: c.to, value: c.value, data: c.data }))] });
    const authorizationList = (await delegated(network)) ? undefined : [await wallet.signAuthorization({ account, contractAddress: implementation, executor: 'self', chainId: Number(network.split(':')[1]) })];
    let hash: Hex;
    try {
      hash = await wallet.sendTransaction({ account, chain: null, to: account.address, data, ...(authorizationList ? { authorizationList } : {}) });
    } catch (error) {
      // The node's estimate runs the batch first: a call that would revert stops it here, nothing sent.
      const estimate = error instanceof BaseError && error.walk((e) => e instanceof EstimateGasExecutionError || e instanceof ExecutionRevertedError) !== null;
      throw new RpcError(`The batch was not sent: ${shortMessage(error)}`, estimate ? NOT_SENT : -32603);
    }
    // The delegating transaction moves the account's nonce by two once mined (its own and its
    // authorization's), while the node's pending count says one until then: a batch sent before it
    // is mined would reuse a nonce ("lower than the current nonce", seen once in CI). Wait for it.
    if (authorizationList) await clientsFor(network).reader.waitForTransactionReceipt({ hash, pollingInterval: 200 });
    return hash;
  };

  return {
    delegated,
    /** Delegates the account on `network` now (spec: init smart account); nothing is sent when it already is. */
    async upgrade(network: string): Promise<boolean> {
      if (!parts.implementation(network)) throw new RpcError(`Smart accounts are not available on ${network}`, 5710);
      if (!(await delegated(network))) await clientsFor(network).reader.waitForTransactionReceipt({ hash: await sendAtomic(network, []), pollingInterval: 200 });
      return true;
    },
    async getCapabilities(params: unknown[], networks: readonly string[]): Promise<Record<string, unknown>> {
      const [address, chains] = params as [unknown, unknown];
      if (typeof address !== 'string' || !isAddress(address, { strict: false }) || !isAddressEqual(address, parts.account().address)) throw new RpcError('wallet_getCapabilities: that address is not connected', 4100);
      const wanted = Array.isArray(chains) ? new Set(chains.filter((c): c is string => typeof c === 'string').map((c) => c.toLowerCase())) : undefined;
      const answer: Record<string, unknown> = {};
      for (const network of networks) {
        const hex = numberToHex(BigInt(network.split(':')[1]!));
        if (wanted && !wanted.has(hex)) continue;
        // A preferred EOA, or a network without the implementation: no `atomic` key, calls go one by one.
        // ERC-7715: grants need the smart account (the wallet signs its batches under them).
        answer[hex] = parts.smart(network) ? { atomic: { status: (await delegated(network)) ? 'supported' : 'ready' }, ...(parts.permissions ? { permissions: parts.permissions.capability() } : {}) } : {};
      }
      return answer;
    },
    async sendCalls(network: string, params: unknown[]): Promise<{ id: string }> {
      const [request] = params;
      if (!isRecord(request)) throw new RpcError('wallet_sendCalls needs a request object', -32602);
      if (request['version'] !== '2.0.0' && request['version'] !== '1.0') throw new RpcError(`wallet_sendCalls version ${String(request['version']).slice(0, 20)} is not supported (2.0.0 is)`, -32602);
      const chainId = quantity(request['chainId'], 'chainId');
      if (`eip155:${chainId}` !== network) throw new RpcError(`The batch is for chain ${chainId}, the wallet is on ${network}`, 5710);
      const from = request['from'];
      if (from !== undefined && (typeof from !== 'string' || !isAddress(from, { strict: false }) || !isAddressEqual(from, parts.account().address))) throw new RpcError('wallet_sendCalls: `from` is not the connected account', 4100);
      if (request['capabilities'] !== undefined && !isRecord(request['capabilities'])) throw new RpcError('wallet_sendCalls: capabilities must be an object', -32602);
      const { permissions: permission, ...others } = isRecord(request['capabilities']) ? request['capabilities'] : {};
      if (Object.values(others).some((c) => !(isRecord(c) && c['optional'] === true))) throw new RpcError('The batch asks for a capability this wallet does not have', 5700);
      // ERC-7715: a batch under a grant names its context; the wallet checks it against the grant.
      const context = isRecord(permission) ? permission['context'] : undefined;
      if (permission !== undefined && (!parts.permissions || !parts.smart(network))) throw new RpcError('The permissions capability needs the smart account', 5700);
      if (permission !== undefined && (typeof context !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(context))) throw new RpcError('The permissions capability needs the context of a grant', -32602);
      const calls = readCalls(request['calls']);
      const appId = request['id'];
      if (appId !== undefined && (typeof appId !== 'string' || appId.length === 0 || appId.length > 4096)) throw new RpcError('wallet_sendCalls: the id must be a string of at most 4096 characters', -32602);
      if (typeof appId === 'string' && batches()[appId]) throw new RpcError('A batch with that id was already sent', 5720);
      const id = appId ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
      if (parts.smart(network)) {
        const release = typeof context === 'string' ? parts.permissions!.reserve(network, calls, context) : undefined;
        let hash: Hex;
        try {
          hash = await sendAtomic(network, calls);
        } catch (error) {
          // What it reserved goes back only when nothing can have been sent (the node refused the
          // batch at its estimate); after a timeout the transaction may still land, so it stays spent.
          if (error instanceof RpcError && error.code === NOT_SENT) release?.();
          throw error;
        }
        remember(id, { chainId: network, hashes: [hash], atomic: true, at: Date.now() });
      } else {
        if (request['atomicRequired'] === true) throw new RpcError('This account cannot run the calls atomically: switch it to the smart account', 5760);
        const { wallet } = clientsFor(network);
        const hashes: Hex[] = [];
        for (const call of calls) hashes.push(await wallet.sendTransaction({ account: parts.account(), chain: null, to: call.to, value: call.value, data: call.data }));
        remember(id, { chainId: network, hashes, atomic: false, at: Date.now() });
      }
      return { id };
    },
    async getCallsStatus(params: unknown[]): Promise<Record<string, unknown>> {
      const [id] = params;
      const record = typeof id === 'string' ? batches()[id] : undefined;
      if (!record || typeof id !== 'string') throw new RpcError('Unknown batch id', 5730);
      const { reader } = clientsFor(record.chainId);
      const receipts = await Promise.all(record.hashes.map((hash) => reader.getTransactionReceipt({ hash }).catch(() => undefined)));
      const done = receipts.filter((r): r is TransactionReceipt => r !== undefined);
      const failed = done.filter((r) => r.status !== 'success').length;
      const status = done.length < receipts.length ? 100 : failed === 0 ? 200 : failed === done.length ? 500 : 600;
      return {
        version: '2.0.0',
        id,
        chainId: numberToHex(BigInt(record.chainId.split(':')[1]!)),
        status,
        atomic: record.atomic,
        ...(done.length
          ? {
              receipts: done.map((r) => ({
                logs: r.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
                status: r.status === 'success' ? '0x1' : '0x0',
                blockHash: r.blockHash,
                blockNumber: numberToHex(r.blockNumber),
                gasUsed: numberToHex(r.gasUsed),
                transactionHash: r.transactionHash,
              })),
            }
          : {}),
      };
    },
  };
}
