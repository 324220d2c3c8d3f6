import type { ApprovalReader } from '@portico/kernel';
import { formatAmount } from '../format/formatAmount';
import { formatDecimal } from '../format/formatNumber';
import { truncateAddress } from '../format/truncateAddress';
import type { MessageKey } from '../i18n/en';
import { approvalKind, type ApprovalKind } from './approvalKind';
import { decodeBase58, hexToBytes, printableText } from './decodeText';

/** The most characters of any one value taken from a request (it is untrusted). */
export const MAX_VALUE_CHARS = 200;
/** The most characters of a message body or of the raw request. */
export const MAX_TEXT_CHARS = 4000;
/** The most typed-data fields listed. */
export const MAX_FIELDS = 24;
/** The most permissions of an ERC-7715 request, and functions of one (the embedded wallet's limits): more is shown raw, as malformed. */
export const MAX_PERMISSIONS = 10;
/** The most calls of a batch listed one by one (the count says how many there are). */
export const MAX_CALLS = 8;

/** What the approval view needs of a network: its name and native currency. */
export interface ApprovalNetwork {
  readonly caipNetworkId: string;
  readonly name: string;
  readonly nativeCurrency: { readonly symbol: string; readonly decimals: number };
}

/** A labelled line of the summary; `label` is a catalogue key or, for typed data, the field's own (untrusted) name. */
export interface SummaryField {
  readonly id: 'to' | 'amount' | 'network' | 'fee' | 'contract' | 'domain' | 'chain' | 'contractAddress' | 'primaryType' | 'field' | 'calls' | 'permission' | 'functions' | 'limit' | 'expiry';
  readonly label: { readonly key: MessageKey } | { readonly text: string };
  readonly value: string;
  /** The whole value when `value` is shortened (addresses). */
  readonly full?: string;
  /** Addresses, hex and amounts: shown left-to-right whatever the language. */
  readonly ltr: boolean;
}

/** What the approval view shows of a pending request, decoded without trusting it. */
export interface RequestSummary {
  readonly kind: ApprovalKind;
  readonly method: string;
  readonly fields: readonly SummaryField[];
  readonly message?: { readonly text: string; readonly encoding: 'text' | 'hex' };
  /** The params did not have the shape the method calls for: the view shows the raw request and says so. */
  readonly malformed: boolean;
  /** The raw params as JSON text, capped. */
  readonly raw: string;
}

/** What the request is read against: the configured networks and the namespace's connected one. */
export interface DescribeContext {
  readonly networks: readonly ApprovalNetwork[];
  readonly connectedNetworkId?: string | undefined;
  /** The modal's locale: amounts in its digits and decimal separator (English when absent). */
  readonly locale?: string | undefined;
  /** How the request's chain plugin says to read this method (`rpcPolicies[].read`); raw when absent. */
  readonly reader?: ApprovalReader | undefined;
}

const cap = (text: string, max = MAX_VALUE_CHARS) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The raw params as indented JSON (bigints as decimal strings), capped; never throws. */
export function rawText(params: unknown): string {
  try {
    return cap(JSON.stringify(params, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? String(params), MAX_TEXT_CHARS);
  } catch {
    return cap(String(params), MAX_TEXT_CHARS);
  }
}

function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) return BigInt(value);
  throw new TypeError('not an amount');
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const firstParam = (params: unknown): unknown => (Array.isArray(params) ? params[0] : params);

function networkOf(ctx: DescribeContext, chainId: unknown, namespace: string): ApprovalNetwork | undefined {
  if (chainId !== undefined) {
    try {
      const id = `${namespace}:${toBigInt(chainId).toString()}`;
      return ctx.networks.find((n) => n.caipNetworkId === id);
    } catch {
      return undefined;
    }
  }
  return ctx.networks.find((n) => n.caipNetworkId === ctx.connectedNetworkId);
}

function addressField(id: 'to' | 'contractAddress', key: MessageKey, address: unknown): SummaryField {
  if (typeof address !== 'string' || address.length === 0) throw new TypeError('not an address');
  const full = cap(address);
  return { id, label: { key }, value: truncateAddress(full), full, ltr: true };
}

function transfer(to: unknown, amount: unknown, network: ApprovalNetwork | undefined, locale?: string): SummaryField[] {
  const fields: SummaryField[] = [];
  if (to !== undefined && to !== null) fields.push(addressField('to', 'approve.field.to', to));
  const value = amount === undefined ? 0n : toBigInt(amount);
  fields.push(
    network
      ? { id: 'amount', label: { key: 'approve.field.amount' }, value: `${formatAmount(value, network.nativeCurrency.decimals, locale)} ${cap(network.nativeCurrency.symbol, 12)}`, ltr: true }
      : { id: 'amount', label: { key: 'approve.field.amountBaseUnits' }, value: value.toString(), ltr: true },
  );
  if (network) fields.push({ id: 'network', label: { key: 'approve.field.network' }, value: cap(network.name), ltr: false });
  return fields;
}

/** The positional param (an array's element) or the params themselves. */
const paramAt = (params: unknown, index = 0): unknown => (Array.isArray(params) ? params[index] : index === 0 ? params : undefined);

/** A call's data as its 4-byte selector (the contract call field); nothing for a plain transfer. */
function callData(tx: Record<string, unknown>, names: readonly string[] | undefined): SummaryField[] {
  const dataField = names?.find((name) => tx[name] !== undefined);
  const data = dataField === undefined ? undefined : tx[dataField];
  if (typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data) && data.length > 2) {
    return [{ id: 'contract', label: { key: 'approve.field.contractCall' }, value: data.length >= 10 ? data.slice(0, 10).toLowerCase() : data, ltr: true }];
  }
  if (data !== undefined && data !== null && data !== '0x' && data !== '') throw new TypeError('data is not hex');
  return [];
}

function readTransfer(reader: Extract<ApprovalReader, { as: 'transfer' }>, params: unknown, namespace: string, ctx: DescribeContext): SummaryField[] {
  const tx = paramAt(params, reader.param);
  if (!isRecord(tx)) throw new TypeError('not a transfer');
  const network = networkOf(ctx, reader.chainId === undefined ? undefined : tx[reader.chainId], namespace);
  return [...transfer(tx[reader.to], tx[reader.amount], network, ctx.locale), ...callData(tx, reader.data)];
}

/** A batch: the network and how many calls, then each call (the first `MAX_CALLS`) as recipient, amount and contract call. */
function readCalls(reader: Extract<ApprovalReader, { as: 'calls' }>, params: unknown, namespace: string, ctx: DescribeContext): SummaryField[] {
  const batch = paramAt(params, reader.param);
  const calls = isRecord(batch) ? batch[reader.calls] : undefined;
  if (!isRecord(batch) || !Array.isArray(calls) || calls.length === 0 || !calls.every(isRecord)) throw new TypeError('not a batch');
  const network = networkOf(ctx, reader.chainId === undefined ? undefined : batch[reader.chainId], namespace);
  const fields: SummaryField[] = [];
  if (network) fields.push({ id: 'network', label: { key: 'approve.field.network' }, value: cap(network.name), ltr: false });
  fields.push({ id: 'calls', label: { key: 'approve.field.calls' }, value: formatDecimal(String(calls.length), ctx.locale ?? 'en', 0), ltr: true });
  for (const call of calls.slice(0, MAX_CALLS)) {
    fields.push(...transfer(call[reader.to], call[reader.amount], network, ctx.locale).filter((f) => f.id !== 'network'), ...callData(call, reader.data));
  }
  return fields;
}

/**
 * An ERC-7715 permission request: the network, each permission (its type, contract, functions,
 * spend limit, rate) and when it ends — what the site may then do without asking.
 */
function readPermissions(reader: Extract<ApprovalReader, { as: 'permissions' }>, params: unknown, namespace: string, ctx: DescribeContext): SummaryField[] {
  const request = paramAt(params, reader.param);
  const permissions = isRecord(request) ? request['permissions'] : undefined;
  // Every permission is shown (a wallet grants at most what it reads here): more than fit is no request to approve.
  if (!isRecord(request) || !Array.isArray(permissions) || permissions.length === 0 || permissions.length > MAX_PERMISSIONS || !permissions.every(isRecord)) throw new TypeError('not a permission request');
  const locale = ctx.locale ?? 'en';
  const network = networkOf(ctx, request['chainId'], namespace);
  const fields: SummaryField[] = [];
  if (network) fields.push({ id: 'network', label: { key: 'approve.field.network' }, value: cap(network.name), ltr: false });
  for (const permission of permissions) {
    const data = isRecord(permission['data']) ? permission['data'] : {};
    fields.push({ id: 'permission', label: { key: 'approve.field.permission' }, value: show(permission['type']), ltr: true });
    if (data['address'] !== undefined) fields.push(addressField('contractAddress', 'approve.field.verifyingContract', data['address']));
    // One function a line, each whole (capped alone): none can push another out of view.
    if (Array.isArray(data['calls'])) {
      if (data['calls'].length > MAX_PERMISSIONS) throw new TypeError('too many functions');
      for (const signature of data['calls']) fields.push({ id: 'functions', label: { key: 'approve.field.functions' }, value: show(signature), ltr: true });
    }
    for (const policy of Array.isArray(permission['policies']) ? permission['policies'].filter(isRecord) : []) {
      const p = isRecord(policy['data']) ? policy['data'] : {};
      if (policy['type'] === 'token-allowance') {
        const allowance = toBigInt(p['allowance']);
        // The native token in its units; a token's decimals are not in the request: its smallest unit.
        fields.push(
          permission['type'] === 'native-token-transfer' && network
            ? { id: 'limit', label: { key: 'approve.field.spendLimit' }, value: `${formatAmount(allowance, network.nativeCurrency.decimals, locale)} ${cap(network.nativeCurrency.symbol, 12)}`, ltr: true }
            : { id: 'limit', label: { key: 'approve.field.spendLimitBaseUnits' }, value: `${allowance} ${show(data['ticker'] ?? '')}`.trim(), ltr: true },
        );
      } else if (policy['type'] === 'rate-limit') {
        const seconds = new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(Number(toBigInt(p['interval'])));
        fields.push({ id: 'limit', label: { key: 'approve.field.rateLimit' }, value: `${formatDecimal(String(toBigInt(p['count'])), locale, 0)} / ${seconds}`, ltr: true });
      } else {
        fields.push({ id: 'limit', label: { key: 'approve.field.policy' }, value: show(policy['type']), ltr: true });
      }
    }
  }
  const expiry = toBigInt(request['expiry']);
  fields.push({ id: 'expiry', label: { key: 'approve.field.expires' }, value: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(Number(expiry) * 1000), ltr: false });
  return fields;
}

function readMessage(reader: Extract<ApprovalReader, { as: 'message' }>, params: unknown): NonNullable<RequestSummary['message']> {
  const param = paramAt(params, reader.param);
  const value = reader.field === undefined ? param : isRecord(param) ? param[reader.field] : undefined;
  if (typeof value !== 'string') throw new TypeError('message is not a string');
  if (reader.encoding === 'text') return { text: cap(value, MAX_TEXT_CHARS), encoding: 'text' };
  if (reader.encoding === 'hexOrText') return textOrHex(value);
  const bytes = decodeBase58(value.slice(0, MAX_TEXT_CHARS * 2));
  if (!bytes) throw new TypeError('message is not base58');
  const text = printableText(bytes);
  return text === undefined ? { text: cap(value, MAX_TEXT_CHARS), encoding: 'hex' } : { text: cap(text, MAX_TEXT_CHARS), encoding: 'text' };
}

function textOrHex(hexOrText: string): NonNullable<RequestSummary['message']> {
  const bytes = hexToBytes(hexOrText);
  if (!bytes) return { text: cap(hexOrText, MAX_TEXT_CHARS), encoding: 'text' };
  const text = printableText(bytes);
  return text === undefined ? { text: cap(hexOrText, MAX_TEXT_CHARS), encoding: 'hex' } : { text: cap(text, MAX_TEXT_CHARS), encoding: 'text' };
}

function show(value: unknown): string {
  if (typeof value === 'string') return cap(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return cap(rawText(value).replace(/\s+/g, ' '));
}

function typedData(params: unknown, namespace: string, ctx: DescribeContext): SummaryField[] {
  const list = Array.isArray(params) ? params : [];
  const payload = list.find((p) => typeof p === 'string' && p.trimStart().startsWith('{')) ?? list.find(isRecord);
  const parsed: unknown = typeof payload === 'string' ? JSON.parse(payload.length > 200_000 ? 'x' : payload) : payload;
  if (!isRecord(parsed) || !isRecord(parsed['message']) || typeof parsed['primaryType'] !== 'string') throw new TypeError('not typed data');
  const domain = isRecord(parsed['domain']) ? parsed['domain'] : {};
  const fields: SummaryField[] = [];
  if (domain['name'] !== undefined) fields.push({ id: 'domain', label: { key: 'approve.field.domain' }, value: show(domain['name']), ltr: false });
  if (domain['chainId'] !== undefined) {
    const network = networkOf(ctx, domain['chainId'], namespace);
    fields.push({ id: 'chain', label: { key: 'approve.field.network' }, value: network ? cap(network.name) : show(domain['chainId']), ltr: !network });
  }
  if (domain['verifyingContract'] !== undefined) fields.push(addressField('contractAddress', 'approve.field.verifyingContract', domain['verifyingContract']));
  const primaryType = parsed['primaryType'];
  fields.push({ id: 'primaryType', label: { key: 'approve.field.primaryType' }, value: cap(primaryType), ltr: true });
  const types = isRecord(parsed['types']) ? parsed['types'] : {};
  const declared = Array.isArray(types[primaryType]) ? (types[primaryType] as unknown[]) : [];
  const names = declared.flatMap((t) => (isRecord(t) && typeof t['name'] === 'string' ? [t['name']] : []));
  const message = parsed['message'];
  for (const name of (names.length ? names : Object.keys(message)).slice(0, MAX_FIELDS)) {
    if (!(name in message)) continue;
    fields.push({ id: 'field', label: { text: cap(name, 40) }, value: show(message[name]), ltr: true });
  }
  return fields;
}

/**
 * Reads a pending request into what a person needs to decide, by the rule its chain plugin
 * declares (`ctx.reader`): the kind, recipient and amount in the network's units, the
 * message as text, typed data as labelled fields. A
 * request that does not have the shape its method calls for comes back `malformed` with
 * only the raw text; nothing here throws, and every value is capped.
 */
export function describeRequest(request: { namespace: string; method: string; params?: unknown }, ctx: DescribeContext): RequestSummary {
  const method = cap(String(request.method), 80);
  const kind = approvalKind(request.method);
  const base = { kind, method, raw: rawText(request.params) };
  const params = request.params;
  try {
    const reader = ctx.reader;
    if (reader?.as === 'transfer') return { ...base, fields: readTransfer(reader, params, request.namespace, ctx), malformed: false };
    if (reader?.as === 'message') return { ...base, fields: [], message: readMessage(reader, params), malformed: false };
    if (reader?.as === 'typedData') return { ...base, fields: typedData(params, request.namespace, ctx), malformed: false };
    if (reader?.as === 'calls') return { ...base, fields: readCalls(reader, params, request.namespace, ctx), malformed: false };
    if (reader?.as === 'permissions') return { ...base, fields: readPermissions(reader, params, request.namespace, ctx), malformed: false };
    // No reader: a send with a plain { to, value } is read the same way; anything else stays raw.
    const tx = firstParam(params);
    if (kind === 'transaction' && isRecord(tx) && tx['to'] !== undefined && tx['value'] !== undefined) {
      return { ...base, fields: transfer(tx['to'], tx['value'], networkOf(ctx, undefined, request.namespace), ctx.locale), malformed: false };
    }
    return { ...base, fields: [], malformed: false };
  } catch {
    return { ...base, fields: [], malformed: true };
  }
}
