import { deploySimple7702Account, deployTestTokens, startAnvil, type AnvilNode, type TestTokens } from '@portico/chain-eip155/testing/node';
import { createPublicClient, createWalletClient, custom, defineChain, encodeFunctionData, erc20Abi, http, numberToHex, parseEther, parseUnits, type Address, type EIP1193RequestFn } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { erc7715Actions } from 'viem/experimental';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallsWallet } from './calls';
import { createPermissions } from './permissions';

const NETWORK = 'eip155:31337';
const chain = defineChain({ id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } });
const ANVIL_0 = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('ERC-7715 permissions of the embedded wallet, on anvil (viem as the dapp)', () => {
  let node: AnvilNode;
  let implementation: Address;
  let tokens: TestTokens;
  const reader = () => createPublicClient({ transport: http(node.url) });

  beforeAll(async () => {
    node = await startAnvil({ chainId: 31337 });
    implementation = await deploySimple7702Account(node.url);
    tokens = await deployTestTokens(node.url);
  });
  afterAll(() => node?.stop());

  /** A funded account (10 ETH, 1000 tUSD), its wallet with permissions, and a dapp on it; `clock` moves time for expiry. */
  async function setup(options: { smart?: boolean } = {}) {
    const account = privateKeyToAccount(generatePrivateKey());
    await reader().request({ method: 'anvil_setBalance' as 'eth_chainId', params: [account.address, numberToHex(parseEther('10'))] as never });
    const funder = createWalletClient({ account: ANVIL_0, chain, transport: http(node.url) });
    await reader().waitForTransactionReceipt({ hash: await funder.writeContract({ address: tokens.usd, abi: erc20Abi, functionName: 'transfer', args: [account.address, parseUnits('1000', 6)] }), pollingInterval: 50 });
    const clock = { offset: 0 };
    const storage = memoryStorage();
    const smart = () => options.smart ?? true;
    const permissions = createPermissions({ account: () => account.address, smart, storage, storageKey: 'permissions', now: () => Date.now() + clock.offset });
    const wallet = createCallsWallet({ account: () => account, rpcUrl: () => node.url, implementation: () => implementation, smart, storage, storageKey: 'calls', permissions });
    const request = (async ({ method, params }: { method: string; params?: unknown }) => {
      const list = (params ?? []) as unknown[];
      if (method === 'wallet_sendCalls') return wallet.sendCalls(NETWORK, list);
      if (method === 'wallet_getCallsStatus') return wallet.getCallsStatus(list);
      if (method === 'wallet_getCapabilities') return wallet.getCapabilities(list, [NETWORK]);
      if (method === 'wallet_grantPermissions') return permissions.grant(NETWORK, list);
      if (method === 'wallet_revokePermissions') return permissions.revoke(list);
      if (method === 'wallet_getGrantedExecutionPermissions') return permissions.list();
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [account.address];
      return reader().request({ method, params } as never);
    }) as EIP1193RequestFn;
    const dapp = createWalletClient({ account: account.address, chain, transport: custom({ request }) }).extend(erc7715Actions());
    return { account, dapp, request, permissions, storage, clock };
  }

  const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
  const usdOf = (address: Address) => reader().readContract({ address: tokens.usd, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const transferUsd = (to: Address, amount: string) => ({ to: tokens.usd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] }) });

  it('the smart account reports the permissions capability; the EOA does not', async () => {
    const { dapp } = await setup();
    expect(await dapp.getCapabilities({ chainId: 31337 })).toMatchObject({ permissions: { supported: true, signerTypes: ['wallet'], permissionTypes: ['native-token-transfer', 'erc20-token-transfer', 'contract-call'] } });
    const eoa = await setup({ smart: false });
    expect(await eoa.dapp.getCapabilities({ chainId: 31337 })).toEqual({});
    await expect(eoa.dapp.grantPermissions({ expiry: inAnHour(), permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: parseEther('1') } }] }] })).rejects.toThrow(/smart account/);
  });

  it('viem grants an ETH spend limit; batches under it need no prompt, land, and stop at the limit; revoked, nothing more is signed', async () => {
    const { dapp, request } = await setup();
    const granted = await dapp.grantPermissions({ expiry: inAnHour(), permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: parseEther('0.5') } }], required: true }] });
    expect(granted.permissionsContext).toMatch(/^0x[0-9a-f]{64}$/);
    expect(granted.grantedPermissions).toEqual([{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: parseEther('0.5') } }], required: true }]);
    const context = granted.permissionsContext;
    const [a, b] = [fresh(), fresh()];
    const { id } = await dapp.sendCalls({ calls: [{ to: a, value: parseEther('0.2') }, { to: b, value: parseEther('0.2') }], capabilities: { permissions: { context } } });
    expect(await dapp.waitForCallsStatus({ id, pollingInterval: 100 })).toMatchObject({ status: 'success', atomic: true });
    expect(await reader().getBalance({ address: a })).toBe(parseEther('0.2'));
    // 0.4 spent of 0.5: 0.2 more is beyond it, nothing sent; 0.1 still fits.
    await expect(dapp.sendCalls({ calls: [{ to: a, value: parseEther('0.2') }], capabilities: { permissions: { context } } })).rejects.toThrow(/beyond the ETH allowance/);
    expect(await reader().getBalance({ address: a })).toBe(parseEther('0.2'));
    await dapp.waitForCallsStatus({ id: (await dapp.sendCalls({ calls: [{ to: a, value: parseEther('0.1') }], capabilities: { permissions: { context } } })).id, pollingInterval: 100 });
    const [listed] = (await request({ method: 'wallet_getGrantedExecutionPermissions' } as never)) as Array<{ permissionsContext: string; spent: string[] }>;
    expect(listed).toMatchObject({ permissionsContext: context, spent: [numberToHex(parseEther('0.5'))], chainId: '0x7a69' });
    // Any other call (a contract function) is outside a transfer permission.
    await expect(dapp.sendCalls({ calls: [transferUsd(a, '1')], capabilities: { permissions: { context } } })).rejects.toThrow(/not one it names/);
    expect(await request({ method: 'wallet_revokePermissions', params: [{ permissionsContext: context }] } as never)).toEqual({});
    expect(await request({ method: 'wallet_getGrantedExecutionPermissions' } as never)).toEqual([]);
    await expect(dapp.sendCalls({ calls: [{ to: a, value: 1n }], capabilities: { permissions: { context } } })).rejects.toThrow(/No live permission/);
  });

  it('an ERC-20 spend limit counts transfer amounts; a contract-call permission allows exactly the functions it names', async () => {
    const { dapp } = await setup();
    const spender = fresh();
    const erc20 = await dapp.grantPermissions({
      expiry: inAnHour(),
      permissions: [{ type: 'erc20-token-transfer', data: { address: tokens.usd, ticker: 'tUSD' }, policies: [{ type: 'token-allowance', data: { allowance: parseUnits('10', 6) } }] }],
    });
    const to = fresh();
    await dapp.waitForCallsStatus({ id: (await dapp.sendCalls({ calls: [transferUsd(to, '6')], capabilities: { permissions: { context: erc20.permissionsContext } } })).id, pollingInterval: 100 });
    expect(await usdOf(to)).toBe(parseUnits('6', 6));
    await expect(dapp.sendCalls({ calls: [transferUsd(to, '4.000001')], capabilities: { permissions: { context: erc20.permissionsContext } } })).rejects.toThrow(/beyond the tUSD allowance/);
    // approve() is not transfer(): the ERC-20 permission does not cover it.
    const approve = { to: tokens.usd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 1n] }) };
    await expect(dapp.sendCalls({ calls: [approve], capabilities: { permissions: { context: erc20.permissionsContext } } })).rejects.toThrow(/not one it names/);
    const calls = await dapp.grantPermissions({ expiry: inAnHour(), permissions: [{ type: 'contract-call', data: { address: tokens.usd, calls: ['approve(address,uint256)'] }, policies: [{ type: 'rate-limit', data: { count: 1, interval: 3600 } }] }] });
    await dapp.waitForCallsStatus({ id: (await dapp.sendCalls({ calls: [approve], capabilities: { permissions: { context: calls.permissionsContext } } })).id, pollingInterval: 100 });
    expect(await reader().readContract({ address: tokens.usd, abi: erc20Abi, functionName: 'allowance', args: [(await dapp.getAddresses())[0]!, spender] })).toBe(1n);
    // Once per hour: the second is refused; another contract is never allowed.
    await expect(dapp.sendCalls({ calls: [approve], capabilities: { permissions: { context: calls.permissionsContext } } })).rejects.toThrow(/rate limit is 1 per 3600 s/);
    await expect(dapp.sendCalls({ calls: [{ ...approve, to: tokens.ptk }], capabilities: { permissions: { context: calls.permissionsContext } } })).rejects.toThrow(/not one it names/);
  });

  it('two batches at once against the last of an allowance: one lands, the other is refused; a rate limit counts only its own permission', async () => {
    const { dapp } = await setup();
    const granted = await dapp.grantPermissions({
      expiry: inAnHour(),
      permissions: [
        { type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: parseEther('0.5') } }] },
        { type: 'contract-call', data: { address: tokens.usd, calls: ['approve(address,uint256)'] }, policies: [{ type: 'rate-limit', data: { count: 1, interval: 3600 } }] },
      ],
    });
    const context = granted.permissionsContext;
    const both = await Promise.allSettled([0, 1].map(() => dapp.sendCalls({ calls: [{ to: fresh(), value: parseEther('0.3') }], capabilities: { permissions: { context } } })));
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(String((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toMatch(/beyond the ETH allowance/);
    // Transfers do not use up the contract call's once-an-hour; its own second use does.
    await dapp.waitForCallsStatus({ id: (await dapp.sendCalls({ calls: [{ to: fresh(), value: parseEther('0.1') }], capabilities: { permissions: { context } } })).id, pollingInterval: 100 });
    const approve = { to: tokens.usd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [fresh(), 1n] }) };
    await dapp.waitForCallsStatus({ id: (await dapp.sendCalls({ calls: [approve], capabilities: { permissions: { context } } })).id, pollingInterval: 100 });
    await expect(dapp.sendCalls({ calls: [approve], capabilities: { permissions: { context } } })).rejects.toThrow(/rate limit is 1 per 3600 s/);
  });

  it('an expired grant signs nothing; a batch that reverts gives back what it reserved', async () => {
    const { dapp, clock } = await setup();
    const { permissionsContext: context } = await dapp.grantPermissions({ expiry: inAnHour(), permissions: [{ type: 'erc20-token-transfer', data: { address: tokens.usd, ticker: 'tUSD' }, policies: [{ type: 'token-allowance', data: { allowance: parseUnits('5000', 6) } }] }] });
    // 2000 tUSD is more than the account holds: the estimate reverts, nothing is sent, nothing counted.
    await expect(dapp.sendCalls({ calls: [transferUsd(fresh(), '2000')], capabilities: { permissions: { context } } })).rejects.toThrow(/The batch was not sent/);
    await expect(dapp.sendCalls({ calls: [transferUsd(fresh(), '4000')], capabilities: { permissions: { context } } })).rejects.toThrow(/The batch was not sent/);
    clock.offset = 2 * 3600_000;
    await expect(dapp.sendCalls({ calls: [transferUsd(fresh(), '1')], capabilities: { permissions: { context } } })).rejects.toThrow(/No live permission|expired/);
  });

  it('refuses what it cannot grant, with the reason: other signers, bad expiry, unknown required types, missing spend limits, malformed data', async () => {
    const { request } = await setup();
    const grant = (body: Record<string, unknown>) => request({ method: 'wallet_grantPermissions', params: [body] } as never);
    const eth = { type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: '0x1' } }] };
    await expect(grant({ expiry: inAnHour(), permissions: [eth], signer: { type: 'account', data: { id: fresh() } } })).rejects.toThrow(/Signer type "account" is not supported/);
    await expect(grant({ expiry: Date.now() + 3600_000, permissions: [eth] })).rejects.toThrow(/unix time in seconds/);
    await expect(grant({ expiry: Math.floor(Date.now() / 1000) - 1, permissions: [eth] })).rejects.toThrow(/in the future/);
    await expect(grant({ expiry: inAnHour(), permissions: [{ type: 'nft-transfer', data: {}, policies: [], required: true }] })).rejects.toThrow(/required but cannot be granted/);
    await expect(grant({ expiry: inAnHour(), permissions: [{ ...eth, policies: [] }] })).rejects.toThrow(/None of the requested permissions/);
    await expect(grant({ expiry: inAnHour(), permissions: [{ ...eth, policies: [{ type: 'token-allowance', data: { allowance: '-5' } }] }] })).rejects.toThrow(/positive uint256/);
    await expect(grant({ expiry: inAnHour(), permissions: [{ type: 'contract-call', data: { address: tokens.usd, calls: ['not a signature'] }, policies: [] }] })).rejects.toThrow(/not a function signature/);
    await expect(grant({ expiry: inAnHour(), permissions: [{ type: 'contract-call', data: { address: '0x123', calls: ['approve(address,uint256)'] }, policies: [] }] })).rejects.toThrow(/0x address/);
    await expect(grant({ expiry: inAnHour(), permissions: 'all' })).rejects.toThrow(/permissions must list/);
    // An unknown optional permission is left out; the rest is granted.
    const answer = (await grant({ expiry: inAnHour(), permissions: [{ type: 'nft-transfer', data: {}, policies: [] }, eth] })) as { grantedPermissions: unknown[] };
    expect(answer.grantedPermissions).toHaveLength(1);
    // A context that was never granted, or malformed.
    await expect(request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: fresh(), value: '0x1' }], capabilities: { permissions: { context: `0x${'ab'.repeat(32)}` } } }] } as never)).rejects.toThrow(/No live permission/);
    await expect(request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: fresh(), value: '0x1' }], capabilities: { permissions: {} } }] } as never)).rejects.toThrow(/context of a grant/);
    // Capabilities that are not an object (an array carrying a `permissions` key) are refused, not ignored.
    await expect(request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: fresh(), value: '0x1' }], capabilities: Object.assign([], { permissions: { context: `0x${'ab'.repeat(32)}` } }) }] } as never)).rejects.toThrow(/capabilities must be an object/);
  });

  it('unreadable storage loses nothing else and grants afresh', async () => {
    const { request, storage } = await setup();
    storage.setItem('permissions', '{not json');
    expect(await request({ method: 'wallet_getGrantedExecutionPermissions' } as never)).toEqual([]);
    storage.setItem('permissions', JSON.stringify([{ context: 5 }, 'x']));
    expect(await request({ method: 'wallet_getGrantedExecutionPermissions' } as never)).toEqual([]);
  });
});
