/** The decimal chain id of an `eip155:<id>` network. */
export function chainIdOf(networkId: string): number {
  const [namespace, reference] = networkId.split(':');
  if (namespace !== 'eip155' || !reference || !/^\d+$/.test(reference)) throw new TypeError(`"${networkId}" is not an eip155 network id`);
  return Number(reference);
}
