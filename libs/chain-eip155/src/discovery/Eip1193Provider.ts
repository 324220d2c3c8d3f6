/** The EIP-1193 provider shape Portico talks to. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
}

/** An error a provider rejects with (EIP-1193 `ProviderRpcError`). */
export interface ProviderRpcError extends Error {
  code: number;
  data?: unknown;
}
