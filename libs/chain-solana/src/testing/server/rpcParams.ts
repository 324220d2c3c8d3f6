import { type Address, getBase58Encoder, isAddress, isSignature } from '@solana/kit';
import { JsonRpcError } from './jsonRpc';

/** The optional trailing config object of a Solana RPC method (`{ commitment, encoding, … }`). */
export type RpcConfig = Readonly<Record<string, unknown>>;

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized']);

/** A -32602 error, the node's answer to a parameter it cannot use. */
export const invalidParams = (message: string) => new JsonRpcError(-32602, `Invalid params: ${message}`);

// Echoes a bad value in an error message without echoing a megabyte of it.
const quote = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value.length > 90 ? `${value.slice(0, 90)}…` : value) : typeof value);

/** The param at `index`; throws -32602 naming it when it is missing. */
export function requiredParam(params: readonly unknown[], index: number, name: string): unknown {
  if (params[index] === undefined) throw invalidParams(`missing parameter ${index} (${name})`);
  return params[index];
}

/** A string param. */
export function stringParam(params: readonly unknown[], index: number, name: string): string {
  const value = requiredParam(params, index, name);
  if (typeof value !== 'string') throw invalidParams(`${name} must be a string, got ${quote(value)}`);
  return value;
}

/** A base58 address param (32 bytes once decoded). */
export function addressParam(params: readonly unknown[], index: number, name = 'address'): Address {
  return toAddress(requiredParam(params, index, name), name);
}

/** Checks that `value` is a base58-encoded 32-byte address. */
export function toAddress(value: unknown, name: string): Address {
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams(`${name} must be a base58-encoded 32-byte address, got ${quote(value)}`);
  return value;
}

/** Checks that `value` is a base58-encoded 64-byte transaction signature. */
export function toSignature(value: unknown, name: string): string {
  if (typeof value !== 'string' || !isSignature(value)) throw invalidParams(`${name} must be a base58-encoded 64-byte signature, got ${quote(value)}`);
  return value;
}

/** A base58 32-byte hash param (a blockhash). */
export function hashParam(params: readonly unknown[], index: number, name: string): string {
  const value = stringParam(params, index, name);
  let length = -1;
  try {
    length = value.length <= 44 ? getBase58Encoder().encode(value).length : -1;
  } catch {
    // not base58: reported below
  }
  if (length !== 32) throw invalidParams(`${name} must be a base58-encoded 32-byte hash, got ${quote(value)}`);
  return value;
}

/** An array param of at most `maxLength` items. */
export function arrayParam(params: readonly unknown[], index: number, name: string, maxLength: number): readonly unknown[] {
  const value = requiredParam(params, index, name);
  if (!Array.isArray(value)) throw invalidParams(`${name} must be an array, got ${quote(value)}`);
  if (value.length > maxLength) throw invalidParams(`${name} holds ${value.length} items; the maximum is ${maxLength}`);
  return value;
}

/** A non-negative safe integer (JSON numbers above 2^53 lose digits, so they are refused). */
export function toInteger(value: unknown, name: string, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) throw invalidParams(`${name} must be an integer from ${min} to ${max}, got ${typeof value === 'number' ? value : quote(value)}`);
  return value;
}

/** The config object at `index` (absent → `{}`); checks `commitment` when present. */
export function configParam(params: readonly unknown[], index: number): RpcConfig {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`parameter ${index} must be a config object, got ${Array.isArray(value) ? 'an array' : quote(value)}`);
  const config = value as RpcConfig;
  if (config.commitment !== undefined && !COMMITMENTS.has(config.commitment as string)) throw invalidParams(`commitment must be processed, confirmed or finalized, got ${quote(config.commitment)}`);
  return config;
}

/** A boolean config option. */
export function booleanOption(config: RpcConfig, name: string, fallback: boolean): boolean {
  const value = config[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalidParams(`${name} must be a boolean, got ${quote(value)}`);
  return value;
}

/** A string config option restricted to `allowed` values. */
export function enumOption<T extends string>(config: RpcConfig, name: string, allowed: readonly T[], fallback: T): T {
  const value = config[name];
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw invalidParams(`${name} must be one of ${allowed.join(', ')}, got ${quote(value)}`);
  return value as T;
}
