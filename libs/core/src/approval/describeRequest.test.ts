import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApprovalReader } from '@portico/kernel';
import { formatAmount } from '../format/formatAmount';
import { MAX_TEXT_CHARS, MAX_VALUE_CHARS, describeRequest as describeWith, type DescribeContext } from './describeRequest';
import { approvalKind } from './approvalKind';
import { decodeBase58 } from './decodeText';

const ctx: DescribeContext = {
  networks: [
    { caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { symbol: 'ETH', decimals: 18 } },
    { caipNetworkId: 'eip155:1', name: 'Ethereum', nativeCurrency: { symbol: 'ETH', decimals: 18 } },
    { caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', name: 'Bitcoin', nativeCurrency: { symbol: 'BTC', decimals: 8 } },
  ],
  connectedNetworkId: 'eip155:31337',
};
/** The readers the chain plugins declare in their policies (`rpcPolicies[].read`), as the view gets them. */
const READERS: Record<string, ApprovalReader> = {
  'eip155|eth_sendTransaction': { as: 'transfer', to: 'to', amount: 'value', chainId: 'chainId', data: ['data', 'input'] },
  'eip155|personal_sign': { as: 'message', encoding: 'hexOrText' },
  'eip155|eth_signTypedData_v4': { as: 'typedData' },
  'eip155|wallet_sendCalls': { as: 'calls', calls: 'calls', to: 'to', amount: 'value', chainId: 'chainId', data: ['data'] },
  'eip155|wallet_grantPermissions': { as: 'permissions' },
  'solana|solana_signMessage': { as: 'message', field: 'message', encoding: 'base58' },
  'bip122|signMessage': { as: 'message', field: 'message', encoding: 'text' },
  'bip122|sendTransfer': { as: 'transfer', to: 'recipientAddress', amount: 'amount' },
};
/** Describes as the approval view does: with the reader the request's chain declares. */
const describeRequest = (request: { namespace: string; method: string; params?: unknown }, context: DescribeContext) =>
  describeWith(request, { ...context, reader: READERS[`${request.namespace}|${request.method}`] });
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const byId = (fields: readonly { id: string; value: string }[], id: string) => fields.find((f) => f.id === id)?.value;

describe('describeRequest: eip155', () => {
  it('wallet_grantPermissions (ERC-7715, as viem sends it): each permission, its contract, functions and limits, and the expiry', () => {
    const expiry = Date.UTC(2027, 0, 15, 12, 0) / 1000;
    const permissions = [
      { type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: '0x6f05b59d3b20000' } }], required: true },
      { type: 'erc20-token-transfer', data: { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', ticker: 'tUSD' }, policies: [{ type: 'token-allowance', data: { allowance: '0x989680' } }], required: false },
      { type: 'contract-call', data: { address: RECIPIENT, calls: ['approve(address,uint256)', 'transfer(address,uint256)'] }, policies: [{ type: 'rate-limit', data: { count: 2, interval: 3600 } }, { type: 'gas-limit', data: { limit: '0x1' } }], required: false },
    ];
    const s = describeRequest({ namespace: 'eip155', method: 'wallet_grantPermissions', params: [{ expiry, permissions, signer: { type: 'wallet' } }] }, ctx);
    expect(s.malformed).toBe(false);
    expect(s.fields.map((f) => `${f.id}=${f.value}`)).toEqual([
      'network=Anvil',
      'permission=native-token-transfer',
      'limit=0.5 ETH',
      'permission=erc20-token-transfer',
      'contractAddress=0x5F…180aa3',
      'limit=10000000 tUSD',
      'permission=contract-call',
      'contractAddress=0x70…dc79C8',
      'functions=approve(address,uint256)',
      'functions=transfer(address,uint256)',
      'limit=2 / 3,600 sec',
      'limit=gas-limit',
      // In the page's time zone: 12:00 UTC on 15 January is the 15th or (UTC+12 and beyond) the 16th.
      expect.stringMatching(/^expiry=Jan 1[56], 2027, \d{1,2}:\d\d\s?[AP]M$/),
    ]);
    expect(s.fields.find((f) => f.value === '10000000 tUSD')?.label).toEqual({ key: 'approve.field.spendLimitBaseUnits' });
    // Not a permission request: no permissions, a permission not an object, an allowance not a number, no expiry.
    // More permissions, or functions, than the view lists one by one: not something to approve unseen.
    const eleven = Array.from({ length: 11 }, () => permissions[0]);
    const manyFunctions = { ...permissions[2], data: { address: RECIPIENT, calls: Array.from({ length: 11 }, (_, i) => `f${i}()`) } };
    for (const bad of [{ expiry, permissions: eleven }, { expiry, permissions: [manyFunctions] }, { expiry, permissions: [] }, { expiry, permissions: ['x'] }, { expiry, permissions: [{ ...permissions[0], policies: [{ type: 'token-allowance', data: { allowance: 'lots' } }] }] }, { permissions }]) {
      expect(describeRequest({ namespace: 'eip155', method: 'wallet_grantPermissions', params: [bad] }, ctx).malformed, JSON.stringify(bad)).toBe(true);
    }
  });

  it('wallet_sendCalls: the network from the batch, how many calls, each call as recipient, amount and contract call', () => {
    const calls = [{ to: RECIPIENT, value: '0x38d7ea4c68000' }, { to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', data: '0xa9059cbb000000000000000000000000' }];
    const s = describeRequest({ namespace: 'eip155', method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x1', atomicRequired: true, calls }] }, ctx);
    expect(s).toMatchObject({ kind: 'transaction', malformed: false });
    expect(s.fields.map((f) => `${f.id}=${f.value}`)).toEqual(['network=Ethereum', 'calls=2', 'to=0x70…dc79C8', 'amount=0.001 ETH', 'to=0x5F…180aa3', 'amount=0 ETH', 'contract=0xa9059cbb']);
    // Not a batch: no calls, calls not objects, data not hex.
    for (const bad of [{ calls: [] }, { calls: ['0x1'] }, { calls: [{ to: RECIPIENT, data: 'zz' }] }, {}]) {
      expect(describeRequest({ namespace: 'eip155', method: 'wallet_sendCalls', params: [bad] }, ctx).malformed).toBe(true);
    }
    // A long batch lists the first calls, and says how many there are.
    const many = describeRequest({ namespace: 'eip155', method: 'wallet_sendCalls', params: [{ calls: Array.from({ length: 20 }, () => ({ to: RECIPIENT, value: '0x1' })) }] }, ctx);
    expect(byId(many.fields, 'calls')).toBe('20');
    expect(many.fields.filter((f) => f.id === 'to')).toHaveLength(8);
  });

  it('eth_sendTransaction: recipient truncated (full kept), 0.001 ETH, the connected network', () => {
    const s = describeRequest({ namespace: 'eip155', method: 'eth_sendTransaction', params: [{ from: RECIPIENT, to: RECIPIENT, value: '0x38d7ea4c68000' }] }, ctx);
    expect(s).toMatchObject({ kind: 'transaction', malformed: false });
    expect(s.fields.find((f) => f.id === 'to')).toMatchObject({ value: '0x70…dc79C8', full: RECIPIENT, ltr: true });
    expect(byId(s.fields, 'amount')).toBe('0.001 ETH');
    expect(byId(s.fields, 'network')).toBe('Anvil');
    expect(byId(s.fields, 'contract')).toBeUndefined();
    expect(s.raw).toContain('0x38d7ea4c68000');
  });

  it('a transaction with data is a contract call with its selector; its chainId picks the network', () => {
    const s = describeRequest({ namespace: 'eip155', method: 'eth_sendTransaction', params: [{ to: RECIPIENT, data: '0xA9059CBB0000', chainId: '0x1' }] }, ctx);
    expect(byId(s.fields, 'contract')).toBe('0xa9059cbb');
    expect(byId(s.fields, 'amount')).toBe('0 ETH');
    expect(byId(s.fields, 'network')).toBe('Ethereum');
  });

  it('without a known network the amount stays in the smallest unit', () => {
    const s = describeRequest({ namespace: 'eip155', method: 'eth_sendTransaction', params: [{ to: RECIPIENT, value: '0x10' }] }, { networks: [] });
    expect(s.fields.find((f) => f.id === 'amount')).toMatchObject({ label: { key: 'approve.field.amountBaseUnits' }, value: '16' });
  });

  it('personal_sign: UTF-8 text when printable, hex otherwise', () => {
    expect(describeRequest({ namespace: 'eip155', method: 'personal_sign', params: ['0x48656c6c6f20506f727469636f', RECIPIENT] }, ctx)).toMatchObject({ kind: 'sign', message: { text: 'Hello Portico', encoding: 'text' } });
    expect(describeRequest({ namespace: 'eip155', method: 'personal_sign', params: ['0xe2809c6869e2809d0a', RECIPIENT] }, ctx).message).toEqual({ text: '“hi”\n', encoding: 'text' });
    expect(describeRequest({ namespace: 'eip155', method: 'personal_sign', params: ['0x00ff01', RECIPIENT] }, ctx).message).toEqual({ text: '0x00ff01', encoding: 'hex' });
    // A right-to-left override would reorder what is shown: hex, not text.
    expect(describeRequest({ namespace: 'eip155', method: 'personal_sign', params: ['0xe280ae6162', RECIPIENT] }, ctx).message?.encoding).toBe('hex');
  });

  it('eth_signTypedData_v4: domain, network, primary type and its fields in order', () => {
    const typed = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'to', type: 'address' }, { name: 'contents', type: 'string' }, { name: 'amount', type: 'uint256' }] },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      message: { contents: 'Hello, Bob!', to: RECIPIENT, amount: 5, extra: 'not declared' },
    };
    const s = describeRequest({ namespace: 'eip155', method: 'eth_signTypedData_v4', params: [RECIPIENT, JSON.stringify(typed)] }, ctx);
    expect(s).toMatchObject({ kind: 'sign', malformed: false });
    expect(s.fields.map((f) => ('key' in f.label ? f.label.key : f.label.text))).toEqual([
      'approve.field.domain',
      'approve.field.network',
      'approve.field.verifyingContract',
      'approve.field.primaryType',
      'to',
      'contents',
      'amount',
    ]);
    expect(s.fields.map((f) => f.value)).toEqual(['Ether Mail', 'Ethereum', '0xCc…cccccC', 'Mail', RECIPIENT, 'Hello, Bob!', '5']);
  });

  it.each([
    ['typed data that is not JSON', 'eth_signTypedData_v4', [RECIPIENT, '{"types": ']],
    ['typed data without a message', 'eth_signTypedData_v4', [RECIPIENT, '{"primaryType":"Mail"}']],
    ['a send without params', 'eth_sendTransaction', undefined],
    ['a send with a string', 'eth_sendTransaction', ['0x1234']],
    ['a send with a non-numeric value', 'eth_sendTransaction', [{ to: RECIPIENT, value: 'lots' }]],
    ['a send with an object as recipient', 'eth_sendTransaction', [{ to: { evil: true }, value: '0x1' }]],
    ['a send with non-hex data', 'eth_sendTransaction', [{ to: RECIPIENT, data: '<script>' }]],
    ['personal_sign of a number', 'personal_sign', [42]],
  ])('%s: malformed, raw kept', (_name, method, params) => {
    const s = describeRequest({ namespace: 'eip155', method, params }, ctx);
    expect(s.malformed).toBe(true);
    expect(s.fields).toEqual([]);
    expect(typeof s.raw).toBe('string');
  });
});

describe('describeRequest: other namespaces', () => {
  it('solana signMessage: base58 bytes as text', () => {
    // "hello" in base58.
    const s = describeRequest({ namespace: 'solana', method: 'solana_signMessage', params: { message: 'Cn8eVZg' } }, ctx);
    expect(s).toMatchObject({ kind: 'sign', message: { text: 'hello', encoding: 'text' } });
    expect(describeRequest({ namespace: 'solana', method: 'solana_signMessage', params: { message: '0OIl' } }, ctx).malformed).toBe(true);
  });

  it('bitcoin signMessage and sendTransfer', () => {
    expect(describeRequest({ namespace: 'bip122', method: 'signMessage', params: { message: 'hi there' } }, ctx)).toMatchObject({ kind: 'sign', message: { text: 'hi there' } });
    const s = describeRequest({ namespace: 'bip122', method: 'sendTransfer', params: { recipientAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '150000' } }, { ...ctx, connectedNetworkId: 'bip122:000000000019d6689c085ae165831e93' });
    expect(byId(s.fields, 'amount')).toBe('0.0015 BTC');
    expect(byId(s.fields, 'network')).toBe('Bitcoin');
  });

  it('an unknown method: kind by name, raw only', () => {
    expect(describeRequest({ namespace: 'acme', method: 'acme_doThing', params: [1] }, ctx)).toMatchObject({ kind: 'other', fields: [], malformed: false, raw: '[\n  1\n]' });
  });

  it('kinds', () => {
    expect(['personal_sign', 'eth_signTypedData_v4', 'solana_signMessage', 'signMessage', 'demo_signMessage'].map(approvalKind)).toEqual(Array(5).fill('sign'));
    expect(['eth_sendTransaction', 'solana_signAndSendTransaction', 'signPsbt', 'sendTransfer'].map(approvalKind)).toEqual(Array(4).fill('transaction'));
    expect(['eth_sign', 'wallet_addEthereumChain', 42].map(approvalKind)).toEqual(Array(3).fill('other'));
  });
});

describe('describeRequest: untrusted input', () => {
  it('formatAmount is exact and drops trailing zeros', () => {
    expect(formatAmount(10n ** 15n, 18)).toBe('0.001');
    expect(formatAmount(1n, 18)).toBe('0.000000000000000001');
    expect(formatAmount(25n * 10n ** 17n, 18)).toBe('2.5');
    expect(formatAmount(7n, 0)).toBe('7');
  });

  it('decodeBase58 round-trips leading zeros and refuses foreign characters', () => {
    expect(decodeBase58('11')).toEqual(new Uint8Array([0, 0]));
    expect(decodeBase58('0')).toBeUndefined();
  });

  it('never throws, and caps every value and the raw text, whatever the params', () => {
    const methods = fc.constantFrom('eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4', 'solana_signMessage', 'signMessage', 'sendTransfer', 'x_sendTransaction');
    const namespaces = fc.constantFrom('eip155', 'solana', 'bip122', 'x');
    const params = fc.oneof(fc.anything(), fc.array(fc.oneof(fc.string(), fc.json(), fc.object())), fc.record({ to: fc.anything(), value: fc.anything(), data: fc.anything(), message: fc.string() }));
    fc.assert(
      fc.property(namespaces, methods, params, (namespace, method, p) => {
        const s = describeRequest({ namespace, method, params: p }, ctx);
        expect(s.raw.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
        for (const f of s.fields) expect(f.value.length).toBeLessThanOrEqual(MAX_VALUE_CHARS);
        if (s.message) expect(s.message.text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
      }),
      { numRuns: 300 },
    );
  });

  it('caps a huge message and a huge raw request', () => {
    const huge = `0x${'41'.repeat(50_000)}`;
    const s = describeRequest({ namespace: 'eip155', method: 'personal_sign', params: [huge, RECIPIENT] }, ctx);
    expect(s.message!.text.length).toBe(MAX_TEXT_CHARS);
    expect(s.raw.length).toBe(MAX_TEXT_CHARS);
  });
});
