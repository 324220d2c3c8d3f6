import { formatUnits, type ActivityPage, type ActivityTransaction, type Network } from '@portico/kernel';

/** A transaction this page sent through Portico (`eth_sendTransaction`), kept until the account API lists it. */
export interface SentTransaction {
  hash: string;
  /** CAIP-2 network id. */
  chain: string;
  from: string;
  to: string;
  value: bigint;
  data: string;
}

type RpcCall = (method: string, params: unknown[]) => Promise<unknown>;
const ERC20_TRANSFER = '0xa9059cbb';

/**
 * The first page of an account's activity with the transactions this page sent that the account
 * API does not list yet put first, as pending (failed when their receipt says so); one the node
 * no longer knows (dropped, replaced) is forgotten. Each leaves `sent` once the API lists it.
 */
export async function withPendingSends(page: ActivityPage, sent: SentTransaction[], account: string, network: Network, rpc: RpcCall): Promise<ActivityPage> {
  const listed = new Set(page.transactions.map((t) => t.id.toLowerCase()));
  for (let i = sent.length - 1; i >= 0; i--) if (listed.has(sent[i]!.hash.toLowerCase())) sent.splice(i, 1);
  const mine = sent.filter((s) => s.chain === network.caipNetworkId && s.from.toLowerCase() === account.toLowerCase());
  const pending: ActivityTransaction[] = [];
  for (const tx of [...mine].reverse()) {
    const [receipt, known] = await Promise.all([
      rpc('eth_getTransactionReceipt', [tx.hash]).catch(() => undefined) as Promise<{ status?: string } | null | undefined>,
      rpc('eth_getTransactionByHash', [tx.hash]).catch(() => undefined),
    ]);
    if (receipt === null && known === null) {
      sent.splice(sent.indexOf(tx), 1);
      continue;
    }
    pending.push(toActivity(tx, receipt?.status === '0x0' ? 'failed' : 'pending', network));
  }
  return { ...page, transactions: [...pending, ...page.transactions] };
}

function toActivity(tx: SentTransaction, status: 'pending' | 'failed', network: Network): ActivityTransaction {
  const { name, symbol, decimals } = network.nativeCurrency;
  const base = { id: tx.hash, metadata: { status, sentFrom: tx.from.toLowerCase(), sentTo: tx.to.toLowerCase(), chain: network.caipNetworkId, hash: tx.hash } };
  if (tx.data === '0x' || tx.data === '') {
    return { ...base, metadata: { ...base.metadata, operationType: 'send' }, transfers: status === 'failed' ? [] : [{ direction: 'out', quantity: { numeric: formatUnits(tx.value, decimals) }, fungible_info: { name, symbol, ...(network.imageUrl ? { icon: { url: network.imageUrl } } : {}) } }] };
  }
  // An ERC-20 transfer of a token the network lists: its amount and symbol.
  const token = network.tokens?.find((t) => t.address.toLowerCase() === tx.to.toLowerCase());
  if (tx.data.startsWith(ERC20_TRANSFER) && tx.data.length === 138 && token) {
    const recipient = `0x${tx.data.slice(34, 74)}`;
    const amount = BigInt(`0x${tx.data.slice(74)}`);
    return {
      ...base,
      metadata: { ...base.metadata, operationType: 'send', sentTo: recipient },
      transfers: status === 'failed' ? [] : [{ direction: 'out', quantity: { numeric: formatUnits(amount, token.decimals) }, fungible_info: { name: token.name, symbol: token.symbol } }],
    };
  }
  return { ...base, metadata: { ...base.metadata, operationType: 'execute' }, transfers: [] };
}
