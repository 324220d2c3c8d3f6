import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../errors/kernelErrors';

/** CAIP-2 namespace: 3–8 of `[-a-z0-9]`. */
export const CAIP_NAMESPACE = /^[-a-z0-9]{3,8}$/;
const CAIP_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/;
const CAIP_ACCOUNT = /^[-.%a-zA-Z0-9]{1,128}$/;

/** A CAIP-2 chain id such as `acme:1`, split. */
export interface CaipNetworkId {
  namespace: string;
  reference: string;
}

/** A CAIP-10 account id such as `acme:1:0xab…`, split. */
export interface CaipAddress extends CaipNetworkId {
  address: string;
  networkId: string;
}

/** Parses a CAIP-2 network id (exactly two parts). Throws `InvalidCaipNetworkIdError`. */
export function parseCaipNetworkId(value: unknown): CaipNetworkId {
  if (typeof value !== 'string') throw new InvalidCaipNetworkIdError(`expected a string, received ${typeof value}`);
  const parts = value.split(':');
  if (parts.length !== 2) throw new InvalidCaipNetworkIdError(`"${value}" must have two colon-separated parts`);
  const [namespace, reference] = parts as [string, string];
  if (!CAIP_NAMESPACE.test(namespace)) throw new InvalidCaipNetworkIdError(`"${value}" has an invalid namespace`);
  if (!CAIP_REFERENCE.test(reference)) throw new InvalidCaipNetworkIdError(`"${value}" has an invalid reference`);
  return { namespace, reference };
}

/**
 * Parses a CAIP-10 address: three non-empty colon-separated parts. With `namespaces`,
 * the namespace must be one of them (a namespace some chain plugin provides).
 * Throws `InvalidCaipAddressError`.
 */
export function parseCaipAddress(value: unknown, namespaces?: ReadonlySet<string>): CaipAddress {
  if (typeof value !== 'string') throw new InvalidCaipAddressError(`expected a string, received ${typeof value}`);
  const parts = value.split(':');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) {
    throw new InvalidCaipAddressError(`"${value}" must have three non-empty colon-separated parts`);
  }
  const [namespace, reference, address] = parts as [string, string, string];
  if (!CAIP_NAMESPACE.test(namespace) || !CAIP_REFERENCE.test(reference) || !CAIP_ACCOUNT.test(address)) {
    throw new InvalidCaipAddressError(`"${value}" has characters CAIP-10 does not allow`);
  }
  if (namespaces && !namespaces.has(namespace)) {
    throw new InvalidCaipAddressError(`namespace "${namespace}" is not provided by any enabled chain plugin`);
  }
  return { namespace, reference, address, networkId: `${namespace}:${reference}` };
}

/** True when `value` parses as a CAIP-2 network id. */
export function isCaipNetworkId(value: unknown): value is string {
  try {
    parseCaipNetworkId(value);
    return true;
  } catch {
    return false;
  }
}

/** True when `value` parses as a CAIP-10 address (optionally of a known namespace). */
export function isCaipAddress(value: unknown, namespaces?: ReadonlySet<string>): value is string {
  try {
    parseCaipAddress(value, namespaces);
    return true;
  } catch {
    return false;
  }
}

/** Joins a network id and an address into CAIP-10, validating the result. */
export function toCaipAddress(networkId: string, address: string): string {
  const value = `${networkId}:${address}`;
  parseCaipAddress(value);
  return value;
}
