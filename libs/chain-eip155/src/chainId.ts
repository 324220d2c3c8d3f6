/**
 * The decimal chain id of an `eip155:<id>` network, as a bigint: exact at any size (a
 * `number` loses chain ids above 2^53, e.g. 9007199254740993 would become …992).
 */
export function chainIdOf(networkId: string): bigint {
  const [namespace, reference] = networkId.split(':');
  if (namespace !== 'eip155' || !reference || !/^\d+$/.test(reference)) throw new TypeError(`"${networkId}" is not an eip155 network id`);
  return BigInt(reference);
}
