import type { DecodeContext, DecodedApproval } from '@portico/core';
import { encodeFunctionData, erc20Abi, formatUnits, maxUint256, parseAbi, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_ACCOUNT_0 } from '../testing';
import { deployTestTokens, startAnvil, type AnvilNode, type TestTokens } from '../testing/node';
import { createEip155ApprovalDecoder, PERMIT2_ADDRESS } from './createEip155ApprovalDecoder';

const SPENDER: Address = '0x1111111254EEB25477B68fb85Ed929f73A960582';
const BOB: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ROUTER: Address = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const NFT_ABI = parseAbi([
  'function setApprovalForAll(address operator, bool approved)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

let anvil: AnvilNode;
let tokens: TestTokens;
beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
});

const NOW = Date.parse('2026-11-28T12:00:00Z');
const context = (account: Address = ANVIL_ACCOUNT_0.address): DecodeContext => ({
  network: { caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { symbol: 'ETH', decimals: 18 } },
  account,
  locale: 'en',
  now: () => NOW,
  read: async (method, params) => {
    const response = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(body.error.message);
    return body.result;
  },
});
const decoder = createEip155ApprovalDecoder();
const send = (to: Address, data: `0x${string}`, value = 0n) => decoder.decode({ method: 'eth_sendTransaction', params: [{ from: ANVIL_ACCOUNT_0.address, to, data, value: `0x${value.toString(16)}` }] }, context());
/** The sentences of a decoding, with their values put in (as a person reads them). */
const read = (decoded: DecodedApproval | undefined) => ({
  risks: decoded?.risks.map((r) => `${r.key} ${JSON.stringify(r.vars ?? {})}`),
  actions: decoded?.actions.map((a) => `${a.kind}: ${a.text.key} ${JSON.stringify(a.text.vars ?? {})}`),
});

describe('the EVM approval decoder (calldata and typed data made with viem; tokens read from anvil)', () => {
  it('an ERC-20 transfer: the token by its symbol, the amount in its decimals, the recipient', async () => {
    const decoded = await send(tokens.usd, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('10.5', 6)] }));
    expect(read(decoded)).toEqual({ risks: [], actions: ['send: approve.action.sendToken {"amount":"10.5","symbol":"tUSD","to":"0x70…dc79C8"}'] });
    expect(decoded!.actions[0]!.details).toEqual([
      { label: 'approve.detail.token', value: expect.stringMatching(/^0x[0-9a-fA-F]{2}…[0-9a-fA-F]{6}$/), full: tokens.usd, ltr: true },
      { label: 'approve.field.to', value: '0x70…dc79C8', full: BOB, ltr: true },
      { label: 'approve.field.amount', value: '10.5 tUSD', ltr: true },
    ]);
  });

  it('an unlimited approve inside a batch: the risk first, then each call (not "Amount 0 ETH")', async () => {
    const decoded = await decoder.decode(
      {
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', from: ANVIL_ACCOUNT_0.address, calls: [{ to: tokens.ptk, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) }, { to: BOB, value: '0x38d7ea4c68000' }] }],
      },
      context(),
    );
    expect(read(decoded)).toEqual({
      risks: ['approve.risk.unlimited {"spender":"0x11…960582","symbol":"PTK"}'],
      actions: ['approve: approve.action.approveUnlimited {"spender":"0x11…960582","amount":"∞","symbol":"PTK"}', 'send: approve.action.sendNative {"amount":"0.001","symbol":"ETH","to":"0x70…dc79C8"}'],
    });
  });

  it('an approve of an exact amount, an approve of 0 (a revocation), an increase, an allowance above the supply', async () => {
    expect(read(await send(tokens.usd, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, parseUnits('300', 6)] })))).toEqual({ risks: [], actions: ['approve: approve.action.approve {"spender":"0x11…960582","amount":"300","symbol":"tUSD"}'] });
    expect(read(await send(tokens.usd, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 0n] })))).toEqual({ risks: [], actions: ['revoke: approve.action.revoke {"spender":"0x11…960582","amount":"0","symbol":"tUSD"}'] });
    expect(read(await send(tokens.usd, encodeFunctionData({ abi: NFT_ABI, functionName: 'increaseAllowance', args: [SPENDER, parseUnits('5', 6)] })))).toEqual({ risks: [], actions: ['approve: approve.action.approveMore {"spender":"0x11…960582","amount":"5","symbol":"tUSD"}'] });
    // 2,000,000 tUSD of a 1,000,000 supply: as good as unlimited.
    expect((await send(tokens.usd, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, parseUnits('2000000', 6)] })))!.risks.map((r) => r.key)).toEqual(['approve.risk.unlimited']);
  });

  it('sending the whole balance is said', async () => {
    const balance = parseUnits('1000000', 6);
    expect((await send(tokens.usd, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, balance] })))!.risks).toEqual([{ key: 'approve.risk.wholeBalance', vars: { symbol: 'tUSD' } }]);
  });

  it('NFTs: setApprovalForAll (a risk) and its revocation, an ERC-721 transferFrom, an ERC-1155 safeTransferFrom', async () => {
    expect(read(await send(tokens.ducks, encodeFunctionData({ abi: NFT_ABI, functionName: 'setApprovalForAll', args: [SPENDER, true] })))).toEqual({
      risks: ['approve.risk.allNfts {"operator":"0x11…960582","collection":"Portico Ducks"}'],
      actions: ['approveAll: approve.action.approveAll {"operator":"0x11…960582","collection":"Portico Ducks"}'],
    });
    expect(read(await send(tokens.ducks, encodeFunctionData({ abi: NFT_ABI, functionName: 'setApprovalForAll', args: [SPENDER, false] })))).toEqual({ risks: [], actions: ['revokeAll: approve.action.revokeAll {"operator":"0x11…960582","collection":"Portico Ducks"}'] });
    // An approval moves nothing: the node runs it and predicts no change.
    expect((await send(tokens.ducks, encodeFunctionData({ abi: NFT_ABI, functionName: 'setApprovalForAll', args: [SPENDER, true] })))!.simulation).toEqual({ status: 'ok', changes: [] });
    // ERC-721 shares transferFrom's selector with ERC-20: a contract without decimals is a collection.
    expect(read(await send(tokens.ducks, encodeFunctionData({ abi: NFT_ABI, functionName: 'transferFrom', args: [ANVIL_ACCOUNT_0.address, BOB, 2n] })))).toEqual({ risks: [], actions: ['sendNft: approve.action.sendNft {"collection":"Portico Ducks","id":"2","to":"0x70…dc79C8"}'] });
    const badges = read(await send(tokens.badges, encodeFunctionData({ abi: NFT_ABI, functionName: 'safeTransferFrom', args: [ANVIL_ACCOUNT_0.address, BOB, 1n, 3n, '0x'] })));
    expect(badges.actions?.[0]).toMatch(/^sendNft: approve\.action\.sendNfts \{"count":"3","collection":".+","id":"1","to":"0x70…dc79C8"\}$/);
  });

  it('EIP-2612 Permit: unlimited and without an end are both said first', async () => {
    const typed = (value: bigint, deadline: bigint) =>
      JSON.stringify({
        types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
        primaryType: 'Permit',
        domain: { name: 'Portico Token', chainId: 31337, verifyingContract: tokens.ptk },
        message: { owner: ANVIL_ACCOUNT_0.address, spender: SPENDER, value: value.toString(), nonce: '0', deadline: deadline.toString() },
      });
    const unlimited = await decoder.decode({ method: 'eth_signTypedData_v4', params: [ANVIL_ACCOUNT_0.address, typed(maxUint256, maxUint256)] }, context());
    // The deadline ends the signature, not the allowance (which has no end): the sentence is the allowance's, the deadline a detail.
    expect(read(unlimited)).toEqual({
      risks: ['approve.risk.unlimited {"spender":"0x11…960582","symbol":"PTK"}', 'approve.risk.noDeadline {"until":"∞"}'],
      actions: ['permit: approve.action.approveUnlimited {"spender":"0x11…960582","amount":"∞","symbol":"PTK","until":"∞"}'],
    });
    expect(unlimited!.actions[0]!.details).toContainEqual({ label: 'approve.detail.signatureUntil', value: '∞', ltr: false });
    // The 78-digit value is "∞" on screen, every digit on demand.
    expect(unlimited!.actions[0]!.details).toContainEqual({ label: 'approve.field.amount', value: '∞', full: `${formatUnits(maxUint256, 18)} PTK`, ltr: true });
    const soon = await decoder.decode({ method: 'eth_signTypedData_v4', params: [ANVIL_ACCOUNT_0.address, typed(parseUnits('25', 18), BigInt(NOW / 1000 + 3600))] }, context());
    expect(soon!.risks).toEqual([]);
    expect(soon!.actions[0]!.text).toEqual({ key: 'approve.action.approve', vars: { spender: '0x11…960582', amount: '25', symbol: 'PTK', until: 'Nov 28, 2026, 1:00 PM' } });
    const later = await decoder.decode({ method: 'eth_signTypedData_v4', params: [ANVIL_ACCOUNT_0.address, typed(parseUnits('25', 18), BigInt(NOW / 1000 + 90 * 86400))] }, context());
    expect(later!.risks.map((r) => r.key)).toEqual(['approve.risk.longDeadline']);
  });

  it('Permit2: PermitSingle, PermitBatch, PermitTransferFrom, and its approve call', async () => {
    const permit2 = (primaryType: string, message: Record<string, unknown>) =>
      decoder.decode({ method: 'eth_signTypedData_v4', params: [ANVIL_ACCOUNT_0.address, JSON.stringify({ types: {}, primaryType, domain: { name: 'Permit2', chainId: 31337, verifyingContract: PERMIT2_ADDRESS }, message })] }, context());
    const single = await permit2('PermitSingle', { details: { token: tokens.usd, amount: (2n ** 160n - 1n).toString(), expiration: String(NOW / 1000 + 3600), nonce: '0' }, spender: SPENDER, sigDeadline: String(NOW / 1000 + 600) });
    expect(read(single).risks).toEqual(['approve.risk.unlimited {"spender":"0x11…960582","symbol":"tUSD"}']);
    expect(single!.actions[0]!.details.map((d) => d.label)).toContain('approve.detail.via');
    const batch = await permit2('PermitBatch', { details: [{ token: tokens.usd, amount: '1000000', expiration: String(NOW / 1000 + 60), nonce: '0' }, { token: tokens.ptk, amount: parseUnits('2', 18).toString(), expiration: String(NOW / 1000 + 60), nonce: '0' }], spender: SPENDER, sigDeadline: String(NOW / 1000 + 60) });
    expect(read(batch).actions).toEqual([
      'permit: approve.action.permit {"spender":"0x11…960582","amount":"1","symbol":"tUSD","until":"Nov 28, 2026, 12:01 PM"}',
      'permit: approve.action.permit {"spender":"0x11…960582","amount":"2","symbol":"PTK","until":"Nov 28, 2026, 12:01 PM"}',
    ]);
    const transfer = await permit2('PermitTransferFrom', { permitted: { token: tokens.ptk, amount: parseUnits('7', 18).toString() }, spender: SPENDER, nonce: '1', deadline: String(NOW / 1000 + 60) });
    expect(read(transfer).actions).toEqual(['permit: approve.action.permitTransfer {"spender":"0x11…960582","amount":"7","symbol":"PTK","until":"Nov 28, 2026, 12:01 PM"}']);
    const call = await send(PERMIT2_ADDRESS, encodeFunctionData({ abi: NFT_ABI, functionName: 'approve', args: [tokens.usd, SPENDER, 2n ** 160n - 1n, NOW / 1000 + 3600] }));
    expect(read(call).risks).toEqual(['approve.risk.unlimited {"spender":"0x11…960582","symbol":"tUSD"}']);
  });

  it('a router’s swap: what goes in, the least that comes out; another recipient is said', async () => {
    const swap = (to: Address) => send(ROUTER, encodeFunctionData({ abi: NFT_ABI, functionName: 'swapExactTokensForTokens', args: [parseUnits('300', 6), parseUnits('290', 18), [tokens.usd, tokens.ptk], to, BigInt(NOW / 1000 + 600)] }));
    expect(read(await swap(ANVIL_ACCOUNT_0.address))).toEqual({ risks: [], actions: ['swap: approve.action.swap {"amountIn":"300","symbolIn":"tUSD","amountOut":"290","symbolOut":"PTK"}'] });
    expect(read(await swap(BOB)).risks).toEqual(['approve.risk.otherRecipient {"to":"0x70…dc79C8"}']);
  });

  it('plain Ether, a deployment, an unknown call (its selector), an unknown token (its address, base units)', async () => {
    expect(read(await decoder.decode({ method: 'eth_sendTransaction', params: [{ to: BOB, value: '0xde0b6b3a7640000' }] }, context())).actions).toEqual(['send: approve.action.sendNative {"amount":"1","symbol":"ETH","to":"0x70…dc79C8"}']);
    expect(read(await decoder.decode({ method: 'eth_sendTransaction', params: [{ data: '0x6080' }] }, context())).actions).toEqual(['deploy: approve.action.deploy {}']);
    const unknown = await send(tokens.usd, '0xdeadbeef00000000000000000000000000000000000000000000000000000001', 5n);
    expect(unknown!.actions[0]!.kind).toBe('call');
    expect(unknown!.actions[0]!.details).toContainEqual({ label: 'approve.field.contractCall', value: '0xdeadbeef', ltr: true });
    // An account that is no token: named by its address, the amount left in base units.
    expect(read(await send(BOB, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 12345n] }))).actions).toEqual(['send: approve.action.sendToken {"amount":"12345","symbol":"0x70…dc79C8","to":"0x11…960582"}']);
  });

  it('an ERC-721 approve (ERC-20’s selector): one NFT by its id, never an amount or a revocation; approving the zero address clears it', async () => {
    const ERC721_APPROVE = parseAbi(['function approve(address to, uint256 tokenId)']);
    expect(read(await send(tokens.ducks, encodeFunctionData({ abi: ERC721_APPROVE, functionName: 'approve', args: [SPENDER, 0n] })))).toEqual({
      risks: [],
      actions: ['approveNft: approve.action.approveNft {"spender":"0x11…960582","collection":"Portico Ducks","id":"0"}'],
    });
    expect(read(await send(tokens.ducks, encodeFunctionData({ abi: ERC721_APPROVE, functionName: 'approve', args: ['0x0000000000000000000000000000000000000000', 3n] })))).toEqual({
      risks: [],
      actions: ['revokeNft: approve.action.revokeNft {"collection":"Portico Ducks","id":"3"}'],
    });
  });

  it('a deadline past any date (Permit2 expiration 8.7e12 s) reads as never, without losing the rest of the request (attack, #37)', async () => {
    const typed = JSON.stringify({ types: {}, primaryType: 'PermitSingle', domain: { name: 'Permit2', chainId: 31337, verifyingContract: PERMIT2_ADDRESS }, message: { details: { token: tokens.usd, amount: '5', expiration: '8700000000000', nonce: '0' }, spender: SPENDER, sigDeadline: '0' } });
    expect(read(await decoder.decode({ method: 'eth_signTypedData_v4', params: [ANVIL_ACCOUNT_0.address, typed] }, context()))).toEqual({
      risks: ['approve.risk.noDeadline {"until":"∞"}'],
      actions: ['permit: approve.action.permit {"spender":"0x11…960582","amount":"0.000005","symbol":"tUSD","until":"∞"}'],
    });
  });

  it('a batch larger than is read one by one: said first, and the calls read keep their risks (attack, #37)', async () => {
    const approveAll = { to: tokens.ptk, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) };
    const calls = [approveAll, ...Array.from({ length: 39 }, () => ({ to: BOB, value: '0x1' }))];
    const decoded = await decoder.decode({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', from: ANVIL_ACCOUNT_0.address, calls }] }, context());
    expect(read(decoded).risks).toEqual(['approve.risk.partlyRead {"shown":"32","count":"40"}', 'approve.risk.unlimited {"spender":"0x11…960582","symbol":"PTK"}']);
    expect(decoded!.actions).toHaveLength(32);
  });

  it('a request naming another (funded) sender: simulated and checked as the account that signs, and said (attack, #37)', async () => {
    const poor: Address = '0x000000000000000000000000000000000000dEaD';
    const decoded = await decoder.decode({ method: 'eth_sendTransaction', params: [{ from: ANVIL_ACCOUNT_0.address, to: BOB, value: '0xde0b6b3a7640000' }] }, context(poor));
    expect(read(decoded).risks).toEqual(['approve.risk.otherSender {"from":"0xf3…b92266"}']);
    // 1 ETH from an account that has none: refused before Approve, whatever the named sender holds.
    expect(decoded!.blocked?.key).toBe('approve.risk.insufficientFunds');
  });

  it('malformed input: undefined (the generic reading shows it raw), never an exception', async () => {
    for (const request of [
      { method: 'eth_sendTransaction', params: [{ to: 'not an address', data: '0x' }] },
      { method: 'eth_sendTransaction', params: [{ to: BOB, data: 'zz' }] },
      { method: 'eth_sendTransaction', params: 'nope' },
      { method: 'wallet_sendCalls', params: [{ calls: [] }] },
      { method: 'wallet_sendCalls', params: [{ calls: [{ to: BOB }, 7] }] },
      { method: 'eth_signTypedData_v4', params: [ANVIL_ACCOUNT_0.address, '{not json'] },
      { method: 'eth_signTypedData_v4', params: [ANVIL_ACCOUNT_0.address, JSON.stringify({ primaryType: 'Permit', domain: { verifyingContract: tokens.ptk }, message: { spender: 'x', value: '1', deadline: '1' } })] },
      { method: 'personal_sign', params: ['0x00', BOB] },
    ]) {
      await expect(decoder.decode(request, context())).resolves.toBeUndefined();
    }
    // Calldata with a known selector but cut short: a call, not a guess.
    const cut = await send(tokens.usd, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1n] }).slice(0, 40) as `0x${string}`);
    expect(cut!.actions[0]!.kind).toBe('call');
  });
});

describe('what the node predicts (eth_simulateV1 with traceTransfers on anvil), and the funds check', () => {
  const EMPTY: Address = '0x000000000000000000000000000000000000dEaD';
  it('a token transfer: the tokens that leave; plain Ether: the Ether that leaves', async () => {
    const token = await send(tokens.usd, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('10.5', 6)] }));
    expect(token!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '10.5', symbol: 'tUSD', asset: tokens.usd }] });
    expect(token!.blocked).toBeUndefined();
    const ether = await decoder.decode({ method: 'eth_sendTransaction', params: [{ from: ANVIL_ACCOUNT_0.address, to: BOB, value: '0x38d7ea4c68000' }] }, context());
    expect(ether!.simulation).toEqual({ status: 'ok', changes: [{ direction: 'out', amount: '0.001', symbol: 'ETH' }] });
  });

  it('a batch: an approve changes nothing, the NFT and the Ether that leave are listed; an approval alone changes no balance', async () => {
    const decoded = await decoder.decode(
      {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            from: ANVIL_ACCOUNT_0.address,
            calls: [
              { to: tokens.ptk, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) },
              { to: tokens.ducks, data: encodeFunctionData({ abi: NFT_ABI, functionName: 'transferFrom', args: [ANVIL_ACCOUNT_0.address, BOB, 1n] }) },
              { to: BOB, value: '0x2386f26fc10000' },
            ],
          },
        ],
      },
      context(),
    );
    expect(decoded!.simulation).toEqual({
      status: 'ok',
      changes: [
        { direction: 'out', amount: '0.01', symbol: 'ETH' },
        { direction: 'out', amount: '1', symbol: 'Portico Ducks #1', asset: tokens.ducks },
      ],
    });
    expect((await send(tokens.usd, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 1n] })))!.simulation).toEqual({ status: 'ok', changes: [] });
  });

  it('an ERC-1155 batch transfer: each id that leaves (TransferBatch)', async () => {
    const decoded = await send(tokens.badges, encodeFunctionData({ abi: NFT_ABI, functionName: 'safeBatchTransferFrom', args: [ANVIL_ACCOUNT_0.address, BOB, [1n, 2n], [2n, 1n], '0x'] }));
    expect(decoded!.simulation).toEqual({
      status: 'ok',
      changes: [
        { direction: 'out', amount: '2', symbol: expect.stringMatching(/ #1$/), asset: tokens.badges },
        { direction: 'out', amount: '1', symbol: expect.stringMatching(/ #2$/), asset: tokens.badges },
      ],
    });
  });

  it('more events than are read (257 Ether sends in a batch): no claim about what moves, "could not simulate" (attack, #37)', async () => {
    const calls = Array.from({ length: 257 }, () => ({ to: BOB, value: '0x1' }));
    const decoded = await decoder.decode({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', from: ANVIL_ACCOUNT_0.address, calls }] }, context());
    expect(decoded!.simulation).toEqual({ status: 'unavailable' });
  });

  it('a call that would revert: the node’s reason, as a failure to show', async () => {
    const decoded = await send(tokens.usd, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('2000000', 6)] }));
    expect(decoded!.simulation).toMatchObject({ status: 'revert', reason: 'ERC20: transfer amount exceeds balance' });
  });

  it('Ether the account does not have: said before Approve (blocked), with the balance and what is needed', async () => {
    const decoded = await decoder.decode({ method: 'eth_sendTransaction', params: [{ from: EMPTY, to: BOB, value: '0x38d7ea4c68000' }] }, context(EMPTY));
    expect(decoded!.blocked).toEqual({ key: 'approve.risk.insufficientFunds', vars: { balance: "0 ETH", needed: expect.stringMatching(/^0\.001\d* ETH$/) } });
    expect(decoded!.simulation).toMatchObject({ status: 'revert', reason: expect.stringMatching(/insufficient funds/i) });
    // A call that sends nothing from an empty account still needs its fee.
    const approve = await decoder.decode({ method: 'eth_sendTransaction', params: [{ from: EMPTY, to: tokens.usd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 1n] }) }] }, context(EMPTY));
    expect(approve!.blocked?.key).toBe('approve.risk.insufficientFunds');
  });

  it('a node without eth_simulateV1: "could not simulate", never a silent gap; a signature has no simulation', async () => {
    const withoutSimulate: DecodeContext = { ...context(), read: (method, params) => (method === 'eth_simulateV1' ? Promise.reject(new Error('the method eth_simulateV1 does not exist/is not available')) : context().read(method, params)) };
    const decoded = await decoder.decode({ method: 'eth_sendTransaction', params: [{ from: ANVIL_ACCOUNT_0.address, to: BOB, value: '0x1' }] }, withoutSimulate);
    expect(decoded!.simulation).toEqual({ status: 'unavailable' });
    const garbled: DecodeContext = { ...context(), read: (method, params) => (method === 'eth_simulateV1' ? Promise.resolve([{ calls: 'x' }]) : context().read(method, params)) };
    expect((await decoder.decode({ method: 'eth_sendTransaction', params: [{ from: ANVIL_ACCOUNT_0.address, to: BOB, value: '0x1' }] }, garbled))!.simulation).toEqual({ status: 'unavailable' });
    const permit = await decoder.decode({ method: 'eth_signTypedData_v4', params: [ANVIL_ACCOUNT_0.address, JSON.stringify({ primaryType: 'Permit', domain: { verifyingContract: tokens.ptk }, message: { spender: SPENDER, value: '1', deadline: '1' } })] }, context());
    expect(permit!.simulation).toBeUndefined();
  });

  it('addresses by name where one resolves (in the sentence and the detail, the address kept whole); a lookup that hangs or fails leaves the address', async () => {
    const named: DecodeContext = { ...context(), nameOf: async (address) => (address === SPENDER ? 'spender.eth' : address === BOB ? new Promise<never>(() => {}) : undefined) };
    const started = Date.now();
    const decoded = await decoder.decode({ method: 'wallet_sendCalls', params: [{ from: ANVIL_ACCOUNT_0.address, calls: [{ to: tokens.ptk, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) }, { to: BOB, value: '0x1' }] }] }, named);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(read(decoded).risks).toEqual(['approve.risk.unlimited {"spender":"spender.eth","symbol":"PTK"}']);
    expect(decoded!.actions[0]!.details).toContainEqual({ label: 'approve.detail.spender', value: 'spender.eth', full: SPENDER, ltr: true });
    expect(decoded!.actions[1]!.text.vars).toMatchObject({ to: '0x70…dc79C8' });
    const failing: DecodeContext = { ...context(), nameOf: () => Promise.reject(new Error('no ENS')) };
    expect(read(await decoder.decode({ method: 'eth_sendTransaction', params: [{ to: BOB, value: '0x1' }] }, failing)).actions).toEqual(['send: approve.action.sendNative {"amount":"< 0.000001","symbol":"ETH","to":"0x70…dc79C8"}']);
  });
});
