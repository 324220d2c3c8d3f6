/**
 * `@portico/kernel/http`: the HTTP client every plugin gets (`kernelRefs.http`), JSON-RPC over
 * it, and the fallback over a network's RPC URLs.
 */
export { createHttpClient } from '../http/createHttpClient';
export type { BodyRequestOptions, HttpClient, HttpClientOptions, QueryParams, RequestOptions } from '../http/createHttpClient';
export { firstAnsweringUrl, jsonRpcRequest, JsonRpcError, RPC_READ_TIMEOUT_MS, RpcUnavailableError } from '../http/jsonRpc';
export { isEndpointUnreachable } from '../errors/classifyError';
export type { JsonRpcRequestOptions } from '../http/jsonRpc';
export { readJsonUri } from '../http/readJsonUri';
export { fetchPublicJson } from '../http/fetchPublicJson';
export type { PublicJsonRequest } from '../http/fetchPublicJson';
