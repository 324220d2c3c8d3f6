import { formatAmount, formatDecimal, safeText, truncateAddress, type ApprovalAction, type ApprovalChange, type ApprovalDecoder, type ApprovalDetail, type ApprovalSimulation, type ApprovalText, type DecodeContext, type DecodedApproval } from '@portico/core';
import { decodeAbiParameters, decodeErrorResult, getAddress, isAddress, isHex, parseAbi, toFunctionSelector, toHex, zeroAddress, type AbiFunction, type Address, type Hex } from 'viem';
import { createTokenInfo, type EthCall, type TokenInfo } from './tokenInfo';

/** The calls the decoder reads (viem decodes them by selector; overloads have their own). */
const CALLS_ABI = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amountOrId)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  // Permit2's AllowanceTransfer.approve.
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  // Uniswap V2 Router02 (and its forks).
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

/** The calls by selector (each overload has its own). */
const BY_SELECTOR = new Map<string, AbiFunction>(CALLS_ABI.map((fn) => [toFunctionSelector(fn), fn]));

/** A call's function and arguments, when the decoder knows its selector and the data fits. */
function decodeCallData(data: Hex): { functionName: string; args: readonly unknown[] } | undefined {
  const fn = BY_SELECTOR.get(data.slice(0, 10).toLowerCase());
  if (!fn) return undefined;
  try {
    return { functionName: fn.name, args: decodeAbiParameters(fn.inputs, `0x${data.slice(10)}`) as readonly unknown[] };
  } catch {
    return undefined;
  }
}

/** Uniswap's Permit2, at the same address on every chain. */
export const PERMIT2_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
/** At or above this an allowance is as good as unlimited (Permit2's uint160 maximum; ERC-20's uint256 one is above it). */
const UNLIMITED = 2n ** 160n - 1n;
/** A permit valid longer than this is called out. */
const LONG_DEADLINE_MS = 30 * 24 * 3600_000;

/** Wraps an address in a sentence until it is named (a control character: text from a contract never holds one, `clean` removes them). */
const MARK = '\u0001';
// eslint-disable-next-line no-control-regex -- the marker is a control character on purpose
const MARKED = /\u0001(0x[0-9a-fA-F]{40})\u0001/g;
/** The most time a name lookup may add to the approval view; past it the address is shown shortened. */
const NAME_TIMEOUT_MS = 1_500;
/** The ERC-20 / ERC-721 `Transfer` event; `eth_simulateV1`'s `traceTransfers` reports Ether moves as the same event from ETH_PSEUDO. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** ERC-1155 `TransferSingle(address operator, address from, address to, uint256 id, uint256 value)`. */
const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427f6c6f3b5b88c16d1c9b4a2c7f';
/** ERC-1155 `TransferBatch(address operator, address from, address to, uint256[] ids, uint256[] values)`. */
const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';
/** Seconds past which a deadline is past any date JavaScript can write (8.64e15 ms): as good as never. */
const NEVER_SECONDS = 8_640_000_000_000n;
/** The most calls of a batch and permits of a typed-data request read one by one; past them the request is said to be read in part. */
const MAX_READ_CALLS = 32;
const MAX_READ_PERMITS = 16;
/** The address `traceTransfers` logs native transfers from (geth's and anvil's). */
const ETH_PSEUDO = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
/** The most logs of a simulation read (a call that emits more is summarised by the first ones). */
const MAX_LOGS = 256;

interface Call {
  readonly to?: Address | undefined;
  readonly value: bigint;
  readonly data?: Hex | undefined;
}

type Decoded = { actions: ApprovalAction[]; risks: ApprovalText[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bigintOf = (value: unknown): bigint | undefined => {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) return BigInt(value);
  return undefined;
};
const addressOf = (value: unknown): Address | undefined => (typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : undefined);

/** A call of `eth_sendTransaction` or of a `wallet_sendCalls` batch, read without trusting it. */
function callOf(raw: unknown): Call | undefined {
  if (!isRecord(raw)) return undefined;
  const to = raw['to'] === undefined || raw['to'] === null ? undefined : addressOf(raw['to']);
  if (raw['to'] !== undefined && raw['to'] !== null && !to) return undefined;
  const value = raw['value'] === undefined ? 0n : bigintOf(raw['value']);
  const data = raw['data'] ?? raw['input'];
  if (value === undefined || (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data)))) return undefined;
  return { to, value, ...(typeof data === 'string' && data !== '0x' ? { data: data as Hex } : {}) };
}

/**
 * The EVM approval decoder (issue #37): ERC-20 `transfer`, `transferFrom`, `approve`,
 * `increaseAllowance`; ERC-721 / ERC-1155 `setApprovalForAll`, `transferFrom`,
 * `safeTransferFrom`; Permit2's `approve`; a Uniswap V2 router's swaps; plain Ether; EIP-2612
 * `Permit` and Permit2's `PermitSingle`, `PermitBatch`, `PermitTransferFrom` and
 * `PermitBatchTransferFrom` typed data; `wallet_sendCalls` call by call. Tokens are named by
 * their own `symbol()` and amounts put in their `decimals()` (read once per token through the
 * network's RPC); an allowance at or above 2^160 − 1, or above the token's supply, is unlimited.
 * Risks come first: an unlimited allowance, every NFT of a collection, a permit valid for more
 * than 30 days, a transfer of the whole balance. Malformed input gives `undefined` (the generic
 * reading shows it raw), never an exception.
 */
export function createEip155ApprovalDecoder(): ApprovalDecoder {
  const tokens = createTokenInfo();

  /** An address in a sentence or a detail: a placeholder that `nameAddresses` turns into its ENS name, or its shortened form. */
  const short = (address: string) => `${MARK}${getAddress(address)}${MARK}`;
  const addressDetail = (label: ApprovalDetail['label'], address: string): ApprovalDetail => ({ label, value: short(address), full: getAddress(address), ltr: true });
  const amountText = (value: bigint, decimals: number | undefined, locale: string) => {
    if (decimals === undefined) return value.toString();
    const exact = formatAmount(value, decimals, locale);
    if (exact.length <= 18) return exact;
    // Many decimals: six of them (floored), or "< 0.000001" below that; a long whole number is shortened (compact, or scientific past a
    // trillion). The details keep every digit.
    const unit = 10n ** BigInt(decimals);
    if (value * 10n ** 6n < unit) return `< ${formatDecimal('0.000001', locale, 6)}`;
    const whole = Number(value / unit);
    if (whole < 1e6) return formatAmount(value - (value % 10n ** BigInt(Math.max(decimals - 6, 0))), decimals, locale);
    return new Intl.NumberFormat(locale, { notation: whole >= 1e15 ? 'scientific' : 'compact', maximumFractionDigits: 2 }).format(whole);
  };
  const symbolOf = (info: TokenInfo, token: Address) => info.symbol ?? short(token);
  /**
   * An amount's detail: in the token's decimals with its symbol, else in base units; an unlimited
   * one as "∞" and a long one shortened (`1.2e+59`), each with every digit on demand (`full`).
   */
  const amountDetail = (value: bigint, decimals: number | undefined, symbol: string, locale: string, unlimited = false): ApprovalDetail => {
    const exact = decimals === undefined ? value.toString() : `${formatAmount(value, decimals, locale)} ${symbol}`;
    const label = decimals === undefined ? 'approve.field.amountBaseUnits' : 'approve.field.amount';
    if (unlimited) return { label, value: '∞', full: exact, ltr: true };
    if (exact.length <= 24) return { label, value: exact, ltr: true };
    const shown = decimals === undefined ? new Intl.NumberFormat(locale, { notation: 'scientific', maximumFractionDigits: 2 }).format(Number(value)) : `${amountText(value, decimals, locale)} ${symbol}`;
    return { label, value: shown, full: exact, ltr: true };
  };

  async function tokenAction(eth: EthCall, ctx: DecodeContext, token: Address, call: { functionName: string; args: readonly unknown[] }, out: Decoded) {
    const info = await tokens.of(eth, ctx.network.caipNetworkId, token);
    const symbol = symbolOf(info, token);
    const locale = ctx.locale;
    const amountDetails = (value: bigint): ApprovalDetail[] =>
      [amountDetail(value, info.decimals, symbol, locale)];
    const tokenDetail = addressDetail('approve.detail.token', token);
    switch (call.functionName) {
      case 'transfer': {
        const [to, amount] = call.args as [Address, bigint];
        out.actions.push({ kind: 'send', text: { key: 'approve.action.sendToken', vars: { amount: amountText(amount, info.decimals, locale), symbol, to: short(to) } }, details: [tokenDetail, addressDetail('approve.field.to', to), ...amountDetails(amount)] });
        if (ctx.account && isAddress(ctx.account) && amount > 0n && (await tokens.balanceOf(eth, token, getAddress(ctx.account))) === amount) out.risks.push({ key: 'approve.risk.wholeBalance', vars: { symbol } });
        return;
      }
      case 'approve':
      case 'increaseAllowance': {
        const [spender, amount] = call.args as [Address, bigint];
        if (call.functionName === 'approve' && info.erc721) {
          // ERC-721 shares ERC-20's selector: one NFT, by its id, for the spender to take (the zero address clears it).
          const collection = info.name ?? symbol;
          const id = amount.toString();
          const cleared = getAddress(spender) === zeroAddress;
          out.actions.push({
            kind: cleared ? 'revokeNft' : 'approveNft',
            text: cleared ? { key: 'approve.action.revokeNft', vars: { collection, id } } : { key: 'approve.action.approveNft', vars: { spender: short(spender), collection, id } },
            details: [addressDetail('approve.detail.collection', token), ...(cleared ? [] : [addressDetail('approve.detail.spender', spender)]), { label: 'approve.detail.tokenId', value: id, ltr: true }],
          });
          return;
        }
        const unlimited = amount >= UNLIMITED || (info.totalSupply !== undefined && info.totalSupply > 0n && amount > info.totalSupply);
        const kind = amount === 0n && call.functionName === 'approve' ? 'revoke' : 'approve';
        const key = kind === 'revoke' ? 'approve.action.revoke' : unlimited ? 'approve.action.approveUnlimited' : call.functionName === 'increaseAllowance' ? 'approve.action.approveMore' : 'approve.action.approve';
        out.actions.push({ kind, text: { key, vars: { spender: short(spender), amount: unlimited ? '∞' : amountText(amount, info.decimals, locale), symbol } }, details: [tokenDetail, addressDetail('approve.detail.spender', spender), amountDetail(amount, info.decimals, symbol, locale, unlimited)] });
        if (unlimited) out.risks.push({ key: 'approve.risk.unlimited', vars: { spender: short(spender), symbol } });
        return;
      }
      case 'transferFrom': {
        const [from, to, amountOrId] = call.args as [Address, Address, bigint];
        // ERC-20 and ERC-721 share the selector: a contract that says it is ERC-721 moves one NFT; else one with decimals is a fungible token.
        if (!info.erc721 && info.decimals !== undefined) {
          out.actions.push({ kind: 'send', text: { key: 'approve.action.moveToken', vars: { amount: amountText(amountOrId, info.decimals, locale), symbol, from: short(from), to: short(to) } }, details: [tokenDetail, addressDetail('approve.detail.from', from), addressDetail('approve.field.to', to), ...amountDetails(amountOrId)] });
        } else {
          out.actions.push({ kind: 'sendNft', text: { key: 'approve.action.sendNft', vars: { collection: info.name ?? symbol, id: amountOrId.toString(), to: short(to) } }, details: [addressDetail('approve.detail.collection', token), addressDetail('approve.field.to', to), { label: 'approve.detail.tokenId', value: amountOrId.toString(), ltr: true }] });
        }
        return;
      }
      case 'safeTransferFrom': {
        const [, to, id, amountOrData] = call.args as [Address, Address, bigint, bigint | Hex | undefined];
        const collection = info.name ?? symbol;
        const count = typeof amountOrData === 'bigint' ? amountOrData : undefined;
        out.actions.push({
          kind: 'sendNft',
          text: count === undefined ? { key: 'approve.action.sendNft', vars: { collection, id: id.toString(), to: short(to) } } : { key: 'approve.action.sendNfts', vars: { count: count.toString(), collection, id: id.toString(), to: short(to) } },
          details: [addressDetail('approve.detail.collection', token), addressDetail('approve.field.to', to), { label: 'approve.detail.tokenId', value: id.toString(), ltr: true }, ...(count === undefined ? [] : [amountDetail(count, undefined, '', locale)])],
        });
        return;
      }
      case 'safeBatchTransferFrom': {
        const [, to, ids] = call.args as [Address, Address, readonly bigint[]];
        out.actions.push({ kind: 'sendNft', text: { key: 'approve.action.sendNftBatch', vars: { count: String(ids.length), collection: info.name ?? symbol, to: short(to) } }, details: [addressDetail('approve.detail.collection', token), addressDetail('approve.field.to', to), { label: 'approve.detail.tokenId', value: ids.slice(0, 20).join(', '), ltr: true }] });
        return;
      }
      case 'setApprovalForAll': {
        const [operator, approved] = call.args as [Address, boolean];
        const collection = info.name ?? symbol;
        out.actions.push({ kind: approved ? 'approveAll' : 'revokeAll', text: { key: approved ? 'approve.action.approveAll' : 'approve.action.revokeAll', vars: { operator: short(operator), collection } }, details: [addressDetail('approve.detail.collection', token), addressDetail('approve.detail.operator', operator)] });
        if (approved) out.risks.push({ key: 'approve.risk.allNfts', vars: { operator: short(operator), collection } });
        return;
      }
    }
  }

  async function permit2Approve(eth: EthCall, ctx: DecodeContext, args: readonly unknown[], out: Decoded) {
    const [token, spender, amount, expiration] = args as [Address, Address, bigint, number];
    await allowanceWithDeadline(eth, ctx, { token, spender, amount, deadline: BigInt(expiration), kind: 'approve', via: PERMIT2_ADDRESS }, out);
  }

  async function allowanceWithDeadline(eth: EthCall, ctx: DecodeContext, grant: { token: Address; spender: Address; amount: bigint; deadline: bigint; kind: 'approve' | 'permit' | 'permit2612' | 'permitTransfer'; via?: string }, out: Decoded) {
    const info = await tokens.of(eth, ctx.network.caipNetworkId, grant.token);
    const symbol = symbolOf(info, grant.token);
    const unlimited = grant.amount >= UNLIMITED || (info.totalSupply !== undefined && info.totalSupply > 0n && grant.amount > info.totalSupply);
    // Permit2 reads an expiration of 0 as "this block only"; a deadline past what a date can hold is never.
    const deadlineMs = grant.via && grant.deadline === 0n ? ctx.now() : grant.deadline >= NEVER_SECONDS ? Number.POSITIVE_INFINITY : Number(grant.deadline) * 1000;
    const until = Number.isFinite(deadlineMs) ? new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(deadlineMs) : '∞';
    const amount = unlimited ? '∞' : amountText(grant.amount, info.decimals, ctx.locale);
    // An EIP-2612 permit's deadline ends the signature, not the allowance it grants (which has no end): its sentence is the allowance's.
    const key =
      grant.kind === 'permitTransfer' ? 'approve.action.permitTransfer' : grant.kind === 'permit2612' ? (unlimited ? 'approve.action.approveUnlimited' : 'approve.action.approve') : unlimited ? 'approve.action.permitUnlimited' : 'approve.action.permit';
    out.actions.push({
      kind: grant.kind === 'approve' ? 'approve' : 'permit',
      text: { key, vars: { spender: short(grant.spender), amount, symbol, until } },
      details: [
        addressDetail('approve.detail.token', grant.token),
        addressDetail('approve.detail.spender', grant.spender),
        amountDetail(grant.amount, info.decimals, symbol, ctx.locale, unlimited),
        { label: grant.kind === 'permit2612' ? 'approve.detail.signatureUntil' : 'approve.field.expires', value: until, ltr: false },
        ...(grant.via ? [addressDetail('approve.detail.via', grant.via)] : []),
      ],
    });
    if (unlimited && grant.kind !== 'permitTransfer') out.risks.push({ key: 'approve.risk.unlimited', vars: { spender: short(grant.spender), symbol } });
    if (deadlineMs - ctx.now() > LONG_DEADLINE_MS) out.risks.push({ key: Number.isFinite(deadlineMs) ? 'approve.risk.longDeadline' : 'approve.risk.noDeadline', vars: { until } });
  }

  async function swap(eth: EthCall, ctx: DecodeContext, router: Address, call: { functionName: string; args: readonly unknown[] }, value: bigint, out: Decoded) {
    const args = call.args as readonly unknown[];
    const exactEthIn = call.functionName === 'swapExactETHForTokens';
    const path = (exactEthIn ? args[1] : args[2]) as readonly Address[];
    if (!Array.isArray(path) || path.length < 2) return false;
    const [first, last] = [path[0]!, path[path.length - 1]!];
    const [infoIn, infoOut] = await Promise.all([tokens.of(eth, ctx.network.caipNetworkId, first), tokens.of(eth, ctx.network.caipNetworkId, last)]);
    const native = ctx.network.nativeCurrency;
    const inSymbol = exactEthIn ? native.symbol : symbolOf(infoIn, first);
    const outSymbol = call.functionName === 'swapExactTokensForETH' ? native.symbol : symbolOf(infoOut, last);
    const inDecimals = exactEthIn ? native.decimals : infoIn.decimals;
    const outDecimals = call.functionName === 'swapExactTokensForETH' ? native.decimals : infoOut.decimals;
    const exactOut = call.functionName === 'swapTokensForExactTokens';
    const amountIn = exactEthIn ? value : exactOut ? (args[1] as bigint) : (args[0] as bigint);
    const amountOut = exactEthIn ? (args[0] as bigint) : exactOut ? (args[0] as bigint) : (args[1] as bigint);
    const to = (exactEthIn ? args[2] : args[3]) as Address;
    out.actions.push({
      kind: 'swap',
      text: { key: exactOut ? 'approve.action.swapExactOut' : 'approve.action.swap', vars: { amountIn: amountText(amountIn, inDecimals, ctx.locale), symbolIn: inSymbol, amountOut: amountText(amountOut, outDecimals, ctx.locale), symbolOut: outSymbol } },
      details: [addressDetail('approve.detail.router', router), addressDetail('approve.field.to', to)],
    });
    if (ctx.account && isAddress(ctx.account) && getAddress(to) !== getAddress(ctx.account)) out.risks.push({ key: 'approve.risk.otherRecipient', vars: { to: short(to) } });
    return true;
  }

  async function decodeCall(eth: EthCall, ctx: DecodeContext, call: Call, out: Decoded) {
    const native = ctx.network.nativeCurrency;
    if (!call.to) {
      out.actions.push({ kind: 'deploy', text: { key: 'approve.action.deploy' }, details: [] });
      return;
    }
    if (!call.data) {
      out.actions.push({ kind: 'send', text: { key: 'approve.action.sendNative', vars: { amount: amountText(call.value, native.decimals, ctx.locale), symbol: native.symbol, to: short(call.to) } }, details: [addressDetail('approve.field.to', call.to), { label: 'approve.field.amount', value: `${formatAmount(call.value, native.decimals, ctx.locale)} ${native.symbol}`, ltr: true }] });
      return;
    }
    const decoded = decodeCallData(call.data);
    const valueDetail: ApprovalDetail[] = call.value > 0n ? [{ label: 'approve.detail.value', value: `${formatAmount(call.value, native.decimals, ctx.locale)} ${native.symbol}`, ltr: true }] : [];
    if (decoded?.functionName === 'approve' && decoded.args.length === 4) return permit2Approve(eth, ctx, decoded.args, out);
    if (decoded && decoded.functionName.startsWith('swap') && (await swap(eth, ctx, call.to, decoded, call.value, out))) return;
    if (decoded && !decoded.functionName.startsWith('swap')) return tokenAction(eth, ctx, call.to, decoded, out);
    // A call the decoder does not know: the contract and the selector, and any Ether it sends.
    out.actions.push({ kind: 'call', text: { key: call.value > 0n ? 'approve.action.callWithValue' : 'approve.action.call', vars: { contract: short(call.to), amount: amountText(call.value, native.decimals, ctx.locale), symbol: native.symbol } }, details: [addressDetail('approve.field.verifyingContract', call.to), { label: 'approve.field.contractCall', value: call.data.slice(0, 10).toLowerCase(), ltr: true }, ...valueDetail] });
  }

  async function decodeTypedData(ctx: DecodeContext, eth: EthCall, params: unknown, out: Decoded): Promise<boolean> {
    const list = Array.isArray(params) ? params : [];
    const json = list.find((p) => typeof p === 'string' && p.trimStart().startsWith('{')) ?? list.find(isRecord);
    let typed: unknown;
    try {
      typed = typeof json === 'string' ? JSON.parse(json.length > 200_000 ? 'x' : json) : json;
    } catch {
      return false;
    }
    if (!isRecord(typed) || !isRecord(typed['message']) || typeof typed['primaryType'] !== 'string') return false;
    const domain = isRecord(typed['domain']) ? typed['domain'] : {};
    const message = typed['message'];
    const contract = addressOf(domain['verifyingContract']);
    const primary = typed['primaryType'];
    const isPermit2 = contract === PERMIT2_ADDRESS;
    if (primary === 'Permit' && contract && !isPermit2) {
      // EIP-2612, or DAI's older permit (holder, spender, nonce, expiry, allowed).
      const spender = addressOf(message['spender']);
      const allowed = message['allowed'];
      const amount = typeof allowed === 'boolean' ? (allowed ? 2n ** 256n - 1n : 0n) : bigintOf(message['value']);
      const deadline = bigintOf(message['deadline'] ?? message['expiry']);
      if (!spender || amount === undefined || deadline === undefined) return false;
      await allowanceWithDeadline(eth, ctx, { token: contract, spender, amount, deadline: deadline === 0n && typeof allowed === 'boolean' ? NEVER_SECONDS : deadline, kind: 'permit2612' }, out);
      return true;
    }
    if (isPermit2 && (primary === 'PermitSingle' || primary === 'PermitBatch')) {
      const spender = addressOf(message['spender']);
      const details = primary === 'PermitSingle' ? [message['details']] : Array.isArray(message['details']) ? message['details'] : [];
      if (!spender || details.length === 0) return false;
      if (details.length > MAX_READ_PERMITS) out.risks.push({ key: 'approve.risk.partlyRead', vars: { shown: String(MAX_READ_PERMITS), count: String(details.length) } });
      for (const detail of details.slice(0, MAX_READ_PERMITS)) {
        if (!isRecord(detail)) return false;
        const token = addressOf(detail['token']);
        const amount = bigintOf(detail['amount']);
        const expiration = bigintOf(detail['expiration']);
        if (!token || amount === undefined || expiration === undefined) return false;
        await allowanceWithDeadline(eth, ctx, { token, spender, amount, deadline: expiration, kind: 'permit', via: PERMIT2_ADDRESS }, out);
      }
      return true;
    }
    if (isPermit2 && (primary === 'PermitTransferFrom' || primary === 'PermitBatchTransferFrom')) {
      const spender = addressOf(message['spender']);
      const deadline = bigintOf(message['deadline']);
      const permitted = primary === 'PermitTransferFrom' ? [message['permitted']] : Array.isArray(message['permitted']) ? message['permitted'] : [];
      if (!spender || deadline === undefined || permitted.length === 0) return false;
      if (permitted.length > MAX_READ_PERMITS) out.risks.push({ key: 'approve.risk.partlyRead', vars: { shown: String(MAX_READ_PERMITS), count: String(permitted.length) } });
      for (const item of permitted.slice(0, MAX_READ_PERMITS)) {
        if (!isRecord(item)) return false;
        const token = addressOf(item['token']);
        const amount = bigintOf(item['amount']);
        if (!token || amount === undefined) return false;
        await allowanceWithDeadline(eth, ctx, { token, spender, amount, deadline, kind: 'permitTransfer', via: PERMIT2_ADDRESS }, out);
      }
      return true;
    }
    return false;
  }

  /** Each marked address in the decoding by its name where one resolves in time, else shortened (`0x1234…abcd`). */
  async function nameAddresses(decoded: DecodedApproval, ctx: DecodeContext): Promise<DecodedApproval> {
    const addresses = new Set<string>();
    const collect = (text: string) => {
      for (const match of text.matchAll(MARKED)) addresses.add(match[1]!);
    };
    const texts = (t: ApprovalText) => Object.values(t.vars ?? {});
    for (const risk of decoded.risks) texts(risk).forEach(collect);
    for (const action of decoded.actions) {
      texts(action.text).forEach(collect);
      action.details.forEach((d) => collect(d.value));
    }
    const simulation = decoded.simulation;
    if (simulation?.status === 'ok') simulation.changes.forEach((c) => collect(c.symbol));
    const names = new Map<string, string>();
    if (ctx.nameOf && addresses.size > 0) {
      const lookup = ctx.nameOf;
      const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, NAME_TIMEOUT_MS, undefined));
      await Promise.all(
        [...addresses].map(async (address) => {
          const name = await Promise.race([lookup(address).catch(() => undefined), timeout]);
          if (name) names.set(address, name);
        }),
      );
    }
    const put = (text: string) => text.replace(MARKED, (_m, address: string) => names.get(address) ?? truncateAddress(address));
    const putVars = (t: ApprovalText): ApprovalText => (t.vars ? { ...t, vars: Object.fromEntries(Object.entries(t.vars).map(([k, v]) => [k, put(v)])) } : t);
    return {
      ...decoded,
      risks: decoded.risks.map(putVars),
      actions: decoded.actions.map((a) => ({ ...a, text: putVars(a.text), details: a.details.map((d) => ({ ...d, value: put(d.value) })) })),
      ...(decoded.blocked ? { blocked: putVars(decoded.blocked) } : {}),
      ...(simulation?.status === 'ok' ? { simulation: { status: 'ok' as const, changes: simulation.changes.map((c) => ({ ...c, symbol: put(c.symbol) })) } } : {}),
    };
  }

  /**
   * What the calls would change for `from`, by `eth_simulateV1` with `traceTransfers` against the
   * latest block: Ether, ERC-20, ERC-721 and ERC-1155 moves in and out (net per asset), a call
   * that reverts with the node's reason, or `unavailable` when the node cannot simulate. Also the
   * gas the calls used, for the funds check.
   */
  async function simulate(eth: EthCall, ctx: DecodeContext, from: Address, calls: readonly Call[]): Promise<{ simulation: ApprovalSimulation; gas?: bigint }> {
    let blocks: unknown;
    try {
      blocks = await ctx.read('eth_simulateV1', [{ blockStateCalls: [{ calls: calls.map((c) => ({ from, ...(c.to ? { to: c.to } : {}), value: toHex(c.value), input: c.data ?? '0x' })) }], traceTransfers: true }, 'latest']);
    } catch (error) {
      // The node ran it and refused (no Ether for the value): a failure to show; anything else (no such method, no node) is no simulation.
      const message = error instanceof Error ? error.message : '';
      return /insufficient funds/i.test(message) ? { simulation: { status: 'revert', reason: reasonText(message) } } : { simulation: { status: 'unavailable' } };
    }
    const block = Array.isArray(blocks) ? blocks[0] : undefined;
    const results = isRecord(block) && Array.isArray(block['calls']) ? block['calls'] : undefined;
    if (!results || results.length !== calls.length) return { simulation: { status: 'unavailable' } };
    let gas = 0n;
    const net = new Map<string, bigint>();
    const nfts: ApprovalChange[] = [];
    const me = from.toLowerCase();
    let logs = 0;
    for (const result of results) {
      if (!isRecord(result)) return { simulation: { status: 'unavailable' } };
      if (result['status'] !== '0x1') {
        const error = isRecord(result['error']) ? result['error'] : {};
        return { simulation: { status: 'revert', reason: revertReason(error, result['returnData']) } };
      }
      gas += bigintOf(result['gasUsed']) ?? 0n;
      for (const log of Array.isArray(result['logs']) ? result['logs'] : []) {
        // More events than are read: what was read may not be all that moves, so nothing is claimed.
        if (++logs > MAX_LOGS) return { simulation: { status: 'unavailable' } };
        if (!isRecord(log) || !Array.isArray(log['topics']) || typeof log['address'] !== 'string' || typeof log['data'] !== 'string') continue;
        const topics = (log['topics'] as unknown[]).map((t) => (typeof t === 'string' ? t.toLowerCase() : ''));
        const asset = log['address'].toLowerCase();
        const party = (topic: string | undefined) => (topic && topic.length === 66 ? `0x${topic.slice(26)}` : '');
        if (topics[0] === TRANSFER_TOPIC && topics.length === 3) {
          const amount = bigintOf(log['data'].slice(0, 66)) ?? 0n;
          const sign = (party(topics[1]) === me ? -1n : 0n) + (party(topics[2]) === me ? 1n : 0n);
          if (sign !== 0n) net.set(asset, (net.get(asset) ?? 0n) + sign * amount);
        } else if (topics[0] === TRANSFER_TOPIC && topics.length === 4) {
          const direction = party(topics[1]) === me ? 'out' : party(topics[2]) === me ? 'in' : undefined;
          if (direction && party(topics[1]) !== party(topics[2])) nfts.push({ direction, amount: '1', symbol: `${await collectionName(eth, ctx, asset)} #${BigInt(topics[3]!).toString()}`, asset: getAddress(asset) });
        } else if (topics[0] === TRANSFER_SINGLE_TOPIC && topics.length === 4 && log['data'].length >= 130) {
          const direction = party(topics[2]) === me ? 'out' : party(topics[3]) === me ? 'in' : undefined;
          const id = BigInt(log['data'].slice(0, 66));
          const count = BigInt(`0x${log['data'].slice(66, 130)}`);
          if (direction && party(topics[2]) !== party(topics[3])) nfts.push({ direction, amount: count.toString(), symbol: `${await collectionName(eth, ctx, asset)} #${id.toString()}`, asset: getAddress(asset) });
        } else if (topics[0] === TRANSFER_BATCH_TOPIC && topics.length === 4) {
          const direction = party(topics[2]) === me ? 'out' : party(topics[3]) === me ? 'in' : undefined;
          if (!direction || party(topics[2]) === party(topics[3])) continue;
          let ids: readonly bigint[];
          let counts: readonly bigint[];
          try {
            [ids, counts] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log['data'] as Hex);
          } catch {
            return { simulation: { status: 'unavailable' } };
          }
          if (ids.length !== counts.length || ids.length > MAX_LOGS) return { simulation: { status: 'unavailable' } };
          const collection = await collectionName(eth, ctx, asset);
          ids.forEach((id, i) => nfts.push({ direction, amount: counts[i]!.toString(), symbol: `${collection} #${id.toString()}`, asset: getAddress(asset) }));
        }
      }
    }
    const changes: ApprovalChange[] = [];
    for (const [asset, amount] of net) {
      if (amount === 0n) continue;
      const native = asset === ETH_PSEUDO;
      const info = native ? undefined : await tokens.of(eth, ctx.network.caipNetworkId, asset as Address);
      const decimals = native ? ctx.network.nativeCurrency.decimals : info?.decimals;
      const symbol = native ? ctx.network.nativeCurrency.symbol : symbolOf(info!, asset as Address);
      const magnitude = amount < 0n ? -amount : amount;
      changes.push({ direction: amount < 0n ? 'out' : 'in', amount: amountText(magnitude, decimals, ctx.locale), symbol, ...(native ? {} : { asset: getAddress(asset) }) });
    }
    changes.push(...nfts);
    // What leaves first, then what arrives.
    changes.sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'out' ? -1 : 1));
    return { simulation: { status: 'ok', changes }, gas };
  }

  const collectionName = async (eth: EthCall, ctx: DecodeContext, asset: string) => {
    const info = await tokens.of(eth, ctx.network.caipNetworkId, asset as Address);
    return info.name ?? symbolOf(info, asset as Address);
  };

  /** The value the calls send plus their fee (gas used × the node's gas price) against the balance: the reason Approve cannot lead anywhere, or undefined. */
  async function fundsShortfall(ctx: DecodeContext, from: Address, calls: readonly Call[], gas: bigint | undefined): Promise<ApprovalText | undefined> {
    const value = calls.reduce((sum, c) => sum + c.value, 0n);
    const [balance, price] = await Promise.all([ctx.read('eth_getBalance', [from, 'latest']).then(bigintOf, () => undefined), gas === undefined ? Promise.resolve(undefined) : ctx.read('eth_gasPrice', []).then(bigintOf, () => undefined)]);
    if (balance === undefined) return undefined;
    const needed = value + (gas !== undefined && price !== undefined ? gas * price : 0n);
    if (needed <= balance || needed === 0n) return undefined;
    const { symbol, decimals } = ctx.network.nativeCurrency;
    const shown = (v: bigint) => `${amountText(v, decimals, ctx.locale)} ${symbol}`;
    return { key: 'approve.risk.insufficientFunds', vars: { balance: shown(balance), needed: shown(needed) } };
  }

  return {
    async decode(request, ctx): Promise<DecodedApproval | undefined> {
      const eth: EthCall = async (to, data) => (await ctx.read('eth_call', [{ to, data }, 'latest'])) as Hex;
      const out: Decoded = { actions: [], risks: [] };
      let transaction: { from: Address; calls: Call[] } | undefined;
      let simulation: ApprovalSimulation | undefined;
      let blocked: ApprovalText | undefined;
      try {
        const first = Array.isArray(request.params) ? request.params[0] : undefined;
        // The account the wallet signs with, whatever `from` the request names: a request naming another
        // (funded) sender must not have its simulation and funds check run for that one.
        const fromOf = (raw: unknown) => {
          const named = addressOf(isRecord(raw) ? raw['from'] : undefined);
          const account = addressOf(ctx.account);
          if (named && account && named !== account) out.risks.push({ key: 'approve.risk.otherSender', vars: { from: short(named) } });
          return account ?? named;
        };
        if (request.method === 'eth_sendTransaction') {
          const call = callOf(first);
          if (!call) return undefined;
          const from = fromOf(first);
          if (from) transaction = { from, calls: [call] };
          const simulated = from ? simulate(eth, ctx, from, [call]) : undefined;
          await decodeEach(eth, ctx, [call], out);
          ({ simulation, blocked } = await settle(ctx, transaction, simulated));
        } else if (request.method === 'wallet_sendCalls') {
          const calls = isRecord(first) && Array.isArray(first['calls']) ? first['calls'] : undefined;
          if (!calls || calls.length === 0 || calls.length > 1_000) return undefined;
          const read = calls.map(callOf);
          if (read.some((c) => !c)) return undefined;
          const from = fromOf(first);
          if (from) transaction = { from, calls: read as Call[] };
          // Every call is simulated (the changes are the batch's); the first MAX_READ_CALLS are read one by one, and the rest said to be unread.
          const simulated = from ? simulate(eth, ctx, from, read as Call[]) : undefined;
          if (read.length > MAX_READ_CALLS) out.risks.push({ key: 'approve.risk.partlyRead', vars: { shown: String(MAX_READ_CALLS), count: String(read.length) } });
          await decodeEach(eth, ctx, (read as Call[]).slice(0, MAX_READ_CALLS), out);
          ({ simulation, blocked } = await settle(ctx, transaction, simulated));
        } else if (request.method === 'eth_signTypedData_v4') {
          if (!(await decodeTypedData(ctx, eth, request.params, out))) return undefined;
        } else {
          return undefined;
        }
      } catch {
        return undefined;
      }
      // One line per risk, however many calls carry it.
      const seen = new Set<string>();
      const risks = out.risks.filter((r) => {
        const key = `${r.key}|${JSON.stringify(r.vars ?? {})}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return nameAddresses({ risks, actions: out.actions, ...(simulation ? { simulation } : {}), ...(blocked ? { blocked } : {}) }, ctx);
    },
  };

  /**
   * Each call's reading, in order; a call whose reading fails (a contract answering nonsense) is
   * shown as a plain contract call, and the others keep theirs (and their risks).
   */
  async function decodeEach(eth: EthCall, ctx: DecodeContext, calls: readonly Call[], out: Decoded) {
    for (const call of calls) {
      const mark = out.actions.length;
      try {
        await decodeCall(eth, ctx, call, out);
      } catch {
        out.actions.splice(mark);
        const native = ctx.network.nativeCurrency;
        if (call.to) out.actions.push({ kind: 'call', text: { key: call.value > 0n ? 'approve.action.callWithValue' : 'approve.action.call', vars: { contract: short(call.to), amount: amountText(call.value, native.decimals, ctx.locale), symbol: native.symbol } }, details: [addressDetail('approve.field.verifyingContract', call.to), ...(call.data ? [{ label: 'approve.field.contractCall', value: call.data.slice(0, 10).toLowerCase(), ltr: true } as const] : [])] });
      }
    }
  }

  /** A transaction's simulation (or `unavailable` without a sender) and its funds check. */
  async function settle(ctx: DecodeContext, transaction: { from: Address; calls: Call[] } | undefined, simulated: Promise<{ simulation: ApprovalSimulation; gas?: bigint }> | undefined) {
    if (!transaction || !simulated) return { simulation: { status: 'unavailable' } as ApprovalSimulation, blocked: undefined };
    const { simulation, gas } = await simulated;
    const blocked = await fundsShortfall(ctx, transaction.from, transaction.calls, gas).catch(() => undefined);
    return { simulation, blocked };
  }
}

/**
 * Why a call reverted: the contract's own `Error(string)` or `Panic(uint256)` (viem decodes the
 * revert data, in the error's `data` or the call's `returnData`), else the node's message.
 */
function revertReason(error: Record<string, unknown>, returnData: unknown): string {
  const data = [error['data'], returnData].find((d): d is Hex => typeof d === 'string' && isHex(d) && d.length >= 10);
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi: [], data });
      if (decoded.errorName === 'Error') return reasonText(String(decoded.args[0]));
      if (decoded.errorName === 'Panic') return reasonText(`panic 0x${(decoded.args[0] as bigint).toString(16)}`);
    } catch {
      // A custom error the decoder has no ABI for: the node's message, then its selector.
    }
  }
  const message = typeof error['message'] === 'string' ? error['message'] : 'execution reverted';
  return reasonText(data ? `${message} (${data.slice(0, 10)})` : message);
}

/** A node's failure message, made safe to show: one line, no control or bidi characters, at most 160 characters. */
function reasonText(message: string): string {
  return safeText(message, 160) || 'execution reverted';
}
