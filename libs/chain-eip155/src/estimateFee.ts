/** A JSON-RPC call to the network's node. */
export type NodeCall = (method: string, params: unknown[]) => Promise<unknown>;

const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/;
const isQuantity = (value: unknown): value is string => typeof value === 'string' && QUANTITY.test(value);
const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The fee of an `eth_sendTransaction` in wei: its gas limit (the request's, else the node's
 * `eth_estimateGas` for the same call from `from`) × its gas price (the request's `gasPrice`,
 * else the node's `eth_gasPrice`). The request is untrusted: only well-formed fields are passed
 * on. Throws when the node answers something that is not a quantity or refuses the estimate
 * (a call that would revert).
 */
export async function estimateTransactionFee(call: NodeCall, transaction: unknown, from: string): Promise<bigint> {
  const tx = typeof transaction === 'object' && transaction !== null ? (transaction as Record<string, unknown>) : {};
  const data = HEX_DATA.test(String(tx.data ?? '')) ? tx.data : HEX_DATA.test(String(tx.input ?? '')) ? tx.input : undefined;
  const estimateCall = {
    from,
    ...(typeof tx.to === 'string' && ADDRESS.test(tx.to) ? { to: tx.to } : {}),
    ...(isQuantity(tx.value) ? { value: tx.value } : {}),
    ...(typeof data === 'string' && data !== '0x' ? { data } : {}),
  };
  const [gas, price] = await Promise.all([
    isQuantity(tx.gas) ? tx.gas : call('eth_estimateGas', [estimateCall]),
    isQuantity(tx.gasPrice) ? tx.gasPrice : call('eth_gasPrice', []),
  ]);
  if (!isQuantity(gas)) throw new TypeError(`eth_estimateGas answered ${JSON.stringify(gas)?.slice(0, 80)}, not a quantity`);
  if (!isQuantity(price)) throw new TypeError(`eth_gasPrice answered ${JSON.stringify(price)?.slice(0, 80)}, not a quantity`);
  return BigInt(gas) * BigInt(price);
}
