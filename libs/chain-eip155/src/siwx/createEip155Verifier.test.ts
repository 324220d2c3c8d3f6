import type { SiwxMessageFields, SiwxSession } from '@portico/plugin-siwx/api';
import { createPublicClient, createWalletClient, encodeFunctionData, http, serializeErc6492Signature, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_ACCOUNT_0 } from '../testing/createTestWallet';
import { testContract } from '../testing/compileTestContracts';
import { startAnvil, type AnvilNode } from '../testing/startAnvil';
import { createEip155SiweMessage, createEip155Verifier, eip155ChainId } from './createEip155Verifier';

const signer = privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey);
const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const NOW = Date.parse('2026-01-01T12:00:00.000Z');

const fieldsFor = (overrides: Partial<SiwxMessageFields> = {}): SiwxMessageFields => ({
  domain: 'app.example.com',
  uri: 'https://app.example.com/login',
  version: '1',
  nonce: 'k3Jd9QmZpX2vTa8L',
  issuedAt: new Date(NOW - 60_000).toISOString(),
  expirationTime: new Date(NOW + 3_600_000).toISOString(),
  chainId: 'eip155:1',
  accountAddress: signer.address.toLowerCase(),
  statement: 'Sign in to Example.',
  ...overrides,
});

async function signed(fields: SiwxMessageFields, account = signer): Promise<SiwxSession> {
  const message = createEip155SiweMessage(fields);
  return { data: fields, message, signature: await account.signMessage({ message }) };
}

const verifier = createEip155Verifier({ now: () => new Date(NOW) });

describe('createEip155SiweMessage', () => {
  it('writes EIP-4361 with the decimal chain id and the EIP-55 address', () => {
    const message = createEip155SiweMessage(fieldsFor());
    expect(message.split('\n')).toEqual([
      'app.example.com wants you to sign in with your Ethereum account:',
      ANVIL_ACCOUNT_0.address,
      '',
      'Sign in to Example.',
      '',
      'URI: https://app.example.com/login',
      'Version: 1',
      'Chain ID: 1',
      'Nonce: k3Jd9QmZpX2vTa8L',
      `Issued At: ${new Date(NOW - 60_000).toISOString()}`,
      `Expiration Time: ${new Date(NOW + 3_600_000).toISOString()}`,
    ]);
  });

  it('leaves two blank lines before URI when there is no statement', () => {
    expect(createEip155SiweMessage(fieldsFor({ statement: undefined }))).toContain(`${ANVIL_ACCOUNT_0.address}\n\n\nURI:`);
  });

  it('refuses chains and addresses that are not eip155', () => {
    expect(() => createEip155SiweMessage(fieldsFor({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))).toThrow('not an eip155');
    expect(() => createEip155SiweMessage(fieldsFor({ accountAddress: 'bc1qwz2lhc40s8ty3l5jg3plpve3y3l82x9l42q7fk' }))).toThrow('not an EVM address');
    expect(() => eip155ChainId('eip155:01')).toThrow(TypeError);
    expect(eip155ChainId('eip155:9007199254740993')).toBe(9007199254740993n);
  });

  it('refuses a nonce EIP-4361 does not allow', () => {
    expect(() => createEip155SiweMessage(fieldsFor({ nonce: 'short' }))).toThrow();
  });
});

describe('createEip155Verifier (EOA recovery, no RPC)', () => {
  it('accepts a real signature of the exact message', async () => {
    expect(await verifier.verify(await signed(fieldsFor()))).toBe(true);
  });

  it('rejects another signer, a tampered message, tampered fields and a garbage signature', async () => {
    const session = await signed(fieldsFor());
    expect(await verifier.verify(await signed(fieldsFor({ accountAddress: signer.address }), other))).toBe(false);
    expect(await verifier.verify({ ...session, message: session.message.replace('Sign in to Example.', 'Sign in to Evil.') })).toBe(false);
    expect(await verifier.verify({ ...session, data: { ...session.data, nonce: 'AAAAAAAAAAAAAAAA' } })).toBe(false);
    expect(await verifier.verify({ ...session, signature: 'not-hex' })).toBe(false);
  });

  it('rejects a session outside its validity window', async () => {
    const expired = await signed(fieldsFor({ expirationTime: new Date(NOW - 1).toISOString() }));
    const early = await signed(fieldsFor({ notBefore: new Date(NOW + 60_000).toISOString() }));
    expect(await verifier.verify(expired)).toBe(false);
    expect(await verifier.verify(early)).toBe(false);
  });

  it('binds sessions to the configured domain', async () => {
    const bound = createEip155Verifier({ domain: 'app.example.com', now: () => new Date(NOW) });
    expect(await bound.verify(await signed(fieldsFor()))).toBe(true);
    expect(await bound.verify(await signed(fieldsFor({ domain: 'evil.example.com' })))).toBe(false);
  });
});

describe('createEip155Verifier: the scheme (EIP-4361: when the message names one, it must be the site\'s)', () => {
  const now = () => new Date(NOW);

  it('expects https by default: a message naming another scheme is refused, one naming https (any case) or none is accepted', async () => {
    const site = createEip155Verifier({ domain: 'app.example.com', now });
    expect(await site.verify(await signed(fieldsFor()))).toBe(true);
    expect(await site.verify(await signed(fieldsFor({ scheme: 'https' })))).toBe(true);
    expect(await site.verify(await signed(fieldsFor({ scheme: 'HTTPS' })))).toBe(true);
    expect(await site.verify(await signed(fieldsFor({ scheme: 'http' })))).toBe(false);
    expect(await site.verify(await signed(fieldsFor({ scheme: 'web+evil' })))).toBe(false);
    // Without a domain option the scheme is still checked.
    expect(await createEip155Verifier({ now }).verify(await signed(fieldsFor({ scheme: 'http' })))).toBe(false);
  });

  it('takes the site\'s scheme as an option: a local http site accepts http, and no longer https', async () => {
    const local = createEip155Verifier({ domain: 'app.example.com', scheme: 'http', now });
    expect(await local.verify(await signed(fieldsFor({ scheme: 'http' })))).toBe(true);
    expect(await local.verify(await signed(fieldsFor({ scheme: 'https' })))).toBe(false);
    expect(await local.verify(await signed(fieldsFor()))).toBe(true);
  });

  it('refuses a scheme option that is not an RFC 3986 scheme (a typo must not switch the check off)', () => {
    for (const bad of ['https:', 'https://', '', '1http', 'ht tp', 'http\n']) expect(() => createEip155Verifier({ scheme: bad }), JSON.stringify(bad)).toThrow(/^scheme option/);
  });
});

describe('createEip155Verifier (through an RPC, real anvil)', () => {
  let node: AnvilNode;
  beforeAll(async () => {
    node = await startAnvil();
  }, 20_000);
  afterAll(async () => node?.stop());

  it('verifies with viem verifySiweMessage through an RPC URL and an injected client', async () => {
    const chainId = `eip155:${node.chainId}`;
    const byUrl = createEip155Verifier({ getRpcUrl: (id) => (id === `eip155:${node.chainId}` ? node.url : undefined), now: () => new Date(NOW) });
    const byClient = createEip155Verifier({ getClient: () => createPublicClient({ transport: http(node.url) }), now: () => new Date(NOW) });
    const good = await signed(fieldsFor({ chainId }));
    const bad = await signed(fieldsFor({ chainId, accountAddress: signer.address }), other);
    expect(await byUrl.verify(good)).toBe(true);
    expect(await byClient.verify(good)).toBe(true);
    expect(await byUrl.verify(bad)).toBe(false);
  });

  it('with the RPC unreachable, an EOA signature still verifies by recovery and a wrong one does not', async () => {
    const down = createEip155Verifier({ getRpcUrl: () => 'http://127.0.0.1:1', now: () => new Date(NOW) });
    expect(await down.verify(await signed(fieldsFor()))).toBe(true);
    expect(await down.verify(await signed(fieldsFor({ accountAddress: signer.address }), other))).toBe(false);
  });
});

describe('createEip155Verifier (smart accounts: ERC-1271 and ERC-6492, real contracts on anvil)', () => {
  let node: AnvilNode;
  const account = testContract('TestSmartAccount');
  const factory = testContract('TestSmartAccountFactory');
  const salt: Hex = `0x${'07'.repeat(32)}`;
  let public_: ReturnType<typeof createPublicClient>;
  let factoryAddress: Address;
  let deployedAccount: Address;
  let verifier: ReturnType<typeof createEip155Verifier>;
  const chainId = `eip155:${foundry.id}`;

  async function deploy(contract: typeof account, args: readonly unknown[]): Promise<Address> {
    const wallet = createWalletClient({ account: signer, chain: foundry, transport: http(node.url) });
    const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args });
    const receipt = await public_.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return receipt.contractAddress!;
  }

  beforeAll(async () => {
    node = await startAnvil({ chainId: foundry.id });
    public_ = createPublicClient({ chain: foundry, transport: http(node.url) });
    factoryAddress = await deploy(factory, []);
    deployedAccount = await deploy(account, [signer.address]);
    verifier = createEip155Verifier({ getRpcUrl: (id) => (id === `eip155:${foundry.id}` ? node.url : undefined), now: () => new Date(NOW) });
  }, 30_000);
  afterAll(async () => node?.stop());

  it('accepts the owner\'s signature for a deployed ERC-1271 account through the RPC, and nothing else', async () => {
    const session = await signed(fieldsFor({ chainId, accountAddress: deployedAccount }));
    expect(await verifier.verify(session)).toBe(true);
    // By recovery alone the signer is the owner, not the account.
    expect(await createEip155Verifier({ now: () => new Date(NOW) }).verify(session)).toBe(false);
    expect(await verifier.verify(await signed(fieldsFor({ chainId, accountAddress: deployedAccount }), other))).toBe(false);
  });

  it('accepts an ERC-6492 signature of an account not deployed yet, without deploying it', async () => {
    const predicted = (await public_.readContract({ address: factoryAddress, abi: factory.abi, functionName: 'accountAddress', args: [signer.address, salt] })) as Address;
    expect(await public_.getCode({ address: predicted })).toBeUndefined();
    const deployCall = encodeFunctionData({ abi: factory.abi, functionName: 'deploy', args: [signer.address, salt] });
    const wrap = async (by = signer) => {
      const inner = await signed(fieldsFor({ chainId, accountAddress: predicted }), by);
      return { ...inner, signature: serializeErc6492Signature({ address: factoryAddress, data: deployCall, signature: inner.signature as Hex }) };
    };
    expect(await verifier.verify(await wrap())).toBe(true);
    expect(await verifier.verify(await wrap(other))).toBe(false);
    expect(await public_.getCode({ address: predicted })).toBeUndefined();
  });
});
