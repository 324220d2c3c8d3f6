import type { Balance, ChainAdapter, Network, TokenBalance, TransferRequest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { accountKey, createSendFlow, exactAmount, explorerLink, feeAmount, fiatPreview, selectedAsset, sendAssets, shownStep, watchTransferStatus, type SendContext, type SendFlow, type TransferStatus } from './sendFlow';

const network: Network = { caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, blockExplorers: { default: { name: 'Otterscan', url: 'http://127.0.0.1:5100/' } } };
const other: Network = { ...network, caipNetworkId: 'eip155:1', name: 'Ethereum' };
const OWN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ACCOUNT = `eip155:31337:${OWN}`;
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ETH = 10n ** 18n;
const FEE: Balance = { value: 21_000n * 10n ** 9n, decimals: 18, symbol: 'ETH' };

const tokens: TokenBalance[] = [
  { name: 'Ether', symbol: 'ETH', chainId: network.caipNetworkId, quantity: { decimals: 18, numeric: '1' }, price: 3000 },
  { name: 'Test USD', symbol: 'tUSD', chainId: network.caipNetworkId, address: TUSD, quantity: { decimals: 6, numeric: '100.5' } },
];

/** A chain adapter of plain functions (the interface the view drives): records what it was asked, answers as the test says. */
function fakeAdapter(overrides: Partial<ChainAdapter> = {}) {
  const asked = { recipients: [] as string[], estimates: [] as TransferRequest[], sends: [] as TransferRequest[] };
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    connect: async () => {},
    disconnect: async () => {},
    switchNetwork: async () => {},
    async checkRecipient(input) {
      asked.recipients.push(input);
      return /^0x[0-9a-fA-F]{40}$/.test(input.trim()) ? { address: input.trim() } : { problem: 'not a valid address on Anvil' };
    },
    async estimateTransfer(transfer) {
      asked.estimates.push(transfer);
      return FEE;
    },
    async sendTransfer(transfer) {
      asked.sends.push(transfer);
      return '0xfeed';
    },
    ...overrides,
  };
  return { adapter, asked };
}

const contextOf = (adapter: ChainAdapter, extra: Partial<SendContext> = {}): SendContext => ({ adapter, network, account: ACCOUNT, ...sendAssets(tokens, undefined, 'Ether'), ...extra });

function flowOf() {
  let refreshed = 0;
  const flow = createSendFlow({ refreshBalances: () => void refreshed++ });
  return { flow, refreshed: () => refreshed };
}

/** Fills the form and asks for the review. */
async function reviewed(flow: SendFlow, context: SendContext, fields: { assetKey?: string; amountText: string; recipient: string }) {
  flow.edit(fields);
  await flow.review(context);
  return flow.state.getSnapshot();
}

describe('sendAssets', () => {
  it('lists the tokens the wallet reports, their balances in the smallest unit and prices; the native one pays the fees', () => {
    const { assets, nativeBalance } = sendAssets(tokens, undefined, 'Ether');
    expect(assets).toEqual([
      { key: 'native', name: 'Ether', symbol: 'ETH', decimals: 18, balance: ETH, price: 3000 },
      { key: TUSD, name: 'Test USD', symbol: 'tUSD', decimals: 6, balance: 100_500_000n, token: TUSD },
    ]);
    expect(nativeBalance).toBe(ETH);
  });

  it('a token’s image: the wallet’s, else the network token list’s (addresses compared without case)', () => {
    const listed = [{ address: TUSD.toLowerCase(), iconUrl: 'data:image/svg+xml,list' }];
    expect(sendAssets(tokens, undefined, 'Ether', listed).assets.map((a) => a.iconUrl)).toEqual([undefined, 'data:image/svg+xml,list']);
    const own = tokens.map((t) => (t.address ? { ...t, iconUrl: 'https://wallet.example/usd.png' } : t));
    expect(sendAssets(own, undefined, 'Ether', listed).assets[1]!.iconUrl).toBe('https://wallet.example/usd.png');
  });

  it('without reported tokens, the native balance under the network currency’s name; the read native balance pays the fees', () => {
    const native: Balance = { value: 5n * ETH, decimals: 18, symbol: 'ETH' };
    expect(sendAssets(undefined, native, 'Ether')).toEqual({ assets: [{ key: 'native', name: 'Ether', symbol: 'ETH', decimals: 18, balance: 5n * ETH }], nativeBalance: 5n * ETH });
    expect(sendAssets([], native, 'Ether').assets).toHaveLength(1);
    expect(sendAssets(tokens, native, 'Ether').nativeBalance).toBe(5n * ETH);
    expect(sendAssets(tokens.slice(1), undefined, 'Ether').nativeBalance).toBe(0n);
    expect(sendAssets(undefined, undefined, 'Ether')).toEqual({ assets: [], nativeBalance: 0n });
  });

  it('picks the asset asked for, else the first', () => {
    const { assets } = sendAssets(tokens, undefined, 'Ether');
    expect(selectedAsset(assets, TUSD)?.symbol).toBe('tUSD');
    expect(selectedAsset(assets, 'gone')?.symbol).toBe('ETH');
    expect(selectedAsset([], 'native')).toBeUndefined();
  });
});

describe('createSendFlow: the review', () => {
  it('a recipient check that throws (its name service down) shows as the recipient’s problem, the form kept, nothing estimated', async () => {
    const { adapter, asked } = fakeAdapter({ checkRecipient: () => Promise.reject(new Error('ENS resolver unreachable')) });
    const { flow } = flowOf();
    const state = await reviewed(flow, contextOf(adapter), { amountText: '0.5', recipient: 'vitalik.eth' });
    expect(state.errors.to).toEqual({ key: 'send.error.recipient', vars: { problem: 'ENS resolver unreachable' } });
    expect([state.step.name, state.busy, state.amountText, asked.estimates.length]).toEqual(['form', false, '0.5', 0]);
  });

  it('refuses a bad amount and a bad recipient together, before any fee is estimated', async () => {
    const { adapter, asked } = fakeAdapter();
    const { flow } = flowOf();
    let state = await reviewed(flow, contextOf(adapter), { assetKey: TUSD, amountText: '2000000', recipient: '0x1234' });
    expect(state.errors).toEqual({ amount: { key: 'send.error.balance', vars: { symbol: 'tUSD' } }, to: { key: 'send.error.recipient', vars: { problem: 'not a valid address on Anvil' } } });
    state = await reviewed(flow, contextOf(adapter), { amountText: '1.2345678', recipient: TO });
    expect(state.errors).toEqual({ amount: { key: 'send.error.amount', vars: { decimals: '6' } } });
    for (const amountText of ['', '0', '-1', 'abc']) expect((await reviewed(flow, contextOf(adapter), { amountText, recipient: TO })).errors.amount, amountText).toMatchObject({ key: 'send.error.amount' });
    expect(asked.estimates).toEqual([]);
    expect(state.step).toEqual({ name: 'form' });
    expect(state.busy).toBe(false);
  });

  it('reviews a token transfer: the checked address, the exact amount, the fee of that transfer; earlier errors go', async () => {
    const { adapter, asked } = fakeAdapter();
    const { flow } = flowOf();
    await reviewed(flow, contextOf(adapter), { assetKey: TUSD, amountText: 'x', recipient: TO });
    const state = await reviewed(flow, contextOf(adapter), { amountText: '12.5', recipient: ` ${TO} ` });
    expect(asked.estimates).toEqual([{ to: TO, amount: 12_500_000n, token: TUSD }]);
    expect(state.errors).toEqual({});
    expect(state.step).toMatchObject({ name: 'review', key: accountKey(ACCOUNT, network.caipNetworkId), amount: 12_500_000n, to: TO, fee: FEE, asset: { symbol: 'tUSD' } });
  });

  it('takes the recipient as typed (trimmed) when the adapter has no check', async () => {
    const { adapter, asked } = fakeAdapter({ checkRecipient: undefined });
    const { flow } = flowOf();
    const state = await reviewed(flow, contextOf(adapter), { amountText: '0.5', recipient: '  bc1qexample  ' });
    expect(asked.estimates).toEqual([{ to: 'bc1qexample', amount: ETH / 2n }]);
    expect(state.step).toMatchObject({ name: 'review', to: 'bc1qexample' });
  });

  it('refuses what the balance cannot pay with the fee: the amount of a native transfer, the native balance for a token’s', async () => {
    const { adapter } = fakeAdapter();
    const { flow } = flowOf();
    let state = await reviewed(flow, contextOf(adapter), { amountText: '1', recipient: TO });
    expect(state.errors).toEqual({ amount: { key: 'send.error.withFee', vars: { symbol: 'ETH' } } });
    state = await reviewed(flow, contextOf(adapter), { amountText: '0.99', recipient: TO });
    expect(state.step.name).toBe('review');
    flow.back();
    state = await reviewed(flow, contextOf(adapter, { nativeBalance: FEE.value - 1n }), { assetKey: TUSD, amountText: '1', recipient: TO });
    expect(state.errors).toEqual({ form: { key: 'send.error.fee', vars: { symbol: 'ETH' } } });
    expect(state.step.name).toBe('form');
  });

  it('says why when the fee cannot be estimated (the transfer would fail)', async () => {
    const reason = Object.assign(new Error('execution reverted'), { code: -32000 });
    const { adapter } = fakeAdapter({ estimateTransfer: () => Promise.reject(reason) });
    const { flow } = flowOf();
    const state = await reviewed(flow, contextOf(adapter), { amountText: '0.1', recipient: TO });
    expect(state.errors).toEqual({ form: { key: 'send.error.estimate', reason } });
    expect(state.step.name).toBe('form');
  });

  it('is busy while it checks, and a second Review meanwhile asks nothing more', async () => {
    let answer!: (value: { address: string }) => void;
    const { adapter, asked } = fakeAdapter({ checkRecipient: () => new Promise((resolve) => (answer = resolve)) });
    const { flow } = flowOf();
    flow.edit({ amountText: '0.1', recipient: TO });
    const first = flow.review(contextOf(adapter));
    expect(flow.state.getSnapshot().busy).toBe(true);
    await flow.review(contextOf(adapter));
    answer({ address: TO });
    await first;
    expect(asked.estimates).toHaveLength(1);
    expect(flow.state.getSnapshot()).toMatchObject({ busy: false, step: { name: 'review' } });
  });
});

describe('createSendFlow: Max', () => {
  it('a token: its whole balance', async () => {
    const { adapter, asked } = fakeAdapter();
    const { flow } = flowOf();
    flow.edit({ assetKey: TUSD });
    await flow.max(contextOf(adapter));
    expect(flow.state.getSnapshot().amountText).toBe('100.5');
    expect(asked.estimates).toEqual([]);
  });

  it('the native currency: what is left after the fee of a transfer to the account itself; all of it when the fee is unknown; never below 0', async () => {
    const { adapter, asked } = fakeAdapter();
    const { flow } = flowOf();
    await flow.max(contextOf(adapter));
    expect(flow.state.getSnapshot().amountText).toBe('0.999979');
    expect(asked.estimates).toEqual([{ to: OWN, amount: 0n }]);
    await flow.max(contextOf(fakeAdapter({ estimateTransfer: () => Promise.reject(new Error('down')) }).adapter));
    expect(flow.state.getSnapshot().amountText).toBe('1');
    await flow.max(contextOf(fakeAdapter({ estimateTransfer: async () => ({ ...FEE, value: 2n * ETH }) }).adapter));
    expect(flow.state.getSnapshot().amountText).toBe('0');
  });
});

describe('createSendFlow: sending', () => {
  it('sends what was reviewed: confirming in the wallet, then sent with the id; the balances are read again', async () => {
    let approve!: (id: string) => void;
    const sends: TransferRequest[] = [];
    const { adapter } = fakeAdapter({ sendTransfer: (transfer) => (sends.push(transfer), new Promise((resolve) => (approve = resolve))) });
    const { flow, refreshed } = flowOf();
    await reviewed(flow, contextOf(adapter), { assetKey: TUSD, amountText: '12.5', recipient: TO });
    const steps: string[] = [];
    flow.state.subscribe(() => steps.push(flow.state.getSnapshot().step.name));
    const sending = flow.send(contextOf(adapter));
    expect(flow.state.getSnapshot().step.name).toBe('sending');
    await flow.send(contextOf(adapter));
    approve('0xfeed');
    await sending;
    expect(sends).toEqual([{ to: TO, amount: 12_500_000n, token: TUSD }]);
    expect(steps).toEqual(['sending', 'sent']);
    expect(flow.state.getSnapshot().step).toMatchObject({ name: 'sent', id: '0xfeed', amount: 12_500_000n, to: TO });
    expect(refreshed()).toBe(1);
  });

  it('a declined transfer stays on the review with the reason; another failure is told as the wallet’s error', async () => {
    const declined = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const { flow, refreshed } = flowOf();
    const context = contextOf(fakeAdapter({ sendTransfer: () => Promise.reject(declined) }).adapter);
    await reviewed(flow, context, { amountText: '0.1', recipient: TO });
    await flow.send(context);
    expect(flow.state.getSnapshot()).toMatchObject({ step: { name: 'review' }, errors: { form: { key: 'send.error.rejected' } } });
    const broken = new Error('nonce too low');
    await flow.send(contextOf(fakeAdapter({ sendTransfer: () => Promise.reject(broken) }).adapter));
    expect(flow.state.getSnapshot()).toMatchObject({ step: { name: 'review' }, errors: { form: { error: broken } } });
    expect(refreshed()).toBe(0);
  });

  it('a transfer the wallet took but did not see in a block: sent, without an id, never offered again', async () => {
    const { flow } = flowOf();
    const context = contextOf(fakeAdapter({ sendTransfer: () => Promise.reject(Object.assign(new Error('timed out'), { submitted: true })) }).adapter);
    await reviewed(flow, context, { amountText: '0.1', recipient: TO });
    await flow.send(context);
    expect(flow.state.getSnapshot().step).toMatchObject({ name: 'sent', id: '' });
  });

  it('a step belongs to its account and network: after a switch the form shows and Send does nothing; back again, the review', async () => {
    const { adapter, asked } = fakeAdapter();
    const { flow } = flowOf();
    const state = await reviewed(flow, contextOf(adapter), { amountText: '0.1', recipient: TO });
    expect(shownStep(state, accountKey(ACCOUNT, network.caipNetworkId)).name).toBe('review');
    expect(shownStep(state, accountKey(ACCOUNT, other.caipNetworkId))).toEqual({ name: 'form' });
    expect(shownStep(state, accountKey(`eip155:31337:${TO}`, network.caipNetworkId))).toEqual({ name: 'form' });
    await flow.send(contextOf(adapter, { network: other }));
    expect(asked.sends).toEqual([]);
    expect(flow.state.getSnapshot().step.name).toBe('review');
  });

  it('Back returns to the form', async () => {
    const { adapter } = fakeAdapter();
    const { flow } = flowOf();
    await reviewed(flow, contextOf(adapter), { amountText: '0.1', recipient: TO });
    flow.back();
    expect(flow.state.getSnapshot()).toMatchObject({ step: { name: 'form' }, amountText: '0.1', recipient: TO });
  });
});

describe('watchTransferStatus', () => {
  const watch = (answers: Array<TransferStatus | Error>, timing = { intervalMs: 1, timeoutMs: 5_000 }) => {
    const seen: TransferStatus[] = [];
    let settled = 0;
    let asked = 0;
    const { adapter } = fakeAdapter({
      transferStatus: async (id, on) => {
        expect([id, on]).toEqual(['0xfeed', network]);
        const answer = answers[Math.min(asked++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    const stop = watchTransferStatus({ adapter, network, id: '0xfeed', onStatus: (s) => seen.push(s), onSettled: () => void settled++ }, timing);
    return { seen, stop, settled: () => settled, asked: () => asked };
  };
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('polls until the network says (a failed read is pending), then stops and the balances are read again', async () => {
    const w = watch(['pending', new Error('rpc down'), 'dropped']);
    await until(() => w.settled() > 0);
    expect(w.seen).toEqual(['pending', 'pending', 'dropped']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(w.asked()).toBe(3);
    expect(w.settled()).toBe(1);
  });

  it('stops when told, and at the deadline, without reading the balances again', async () => {
    const stopped = watch(['pending']);
    await until(() => stopped.seen.length > 0);
    stopped.stop();
    const asked = stopped.asked();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped.asked()).toBe(asked);
    const late = watch(['pending'], { intervalMs: 5, timeoutMs: 30 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    const count = late.asked();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(late.asked()).toBe(count);
    expect([stopped.settled(), late.settled()]).toEqual([0, 0]);
  });

  it('does nothing on a chain that cannot tell', () => {
    let told = 0;
    const stop = watchTransferStatus({ adapter: fakeAdapter().adapter, network, id: '0xfeed', onStatus: () => void told++, onSettled: () => void told++ });
    stop();
    expect(told).toBe(0);
  });
});

describe('what the steps show', () => {
  it('the amount to its last digit, at least 3 decimals; the fee with 6', () => {
    expect(exactAmount(3_100_000n, 9, 'en')).toBe('0.0031');
    expect(exactAmount(12_500_000n, 6, 'en')).toBe('12.500');
    expect(exactAmount(1n, 18, 'en')).toBe('0.000000000000000001');
    expect(exactAmount(12_500_000n, 6, 'de')).toBe('12,500');
    expect(feeAmount({ value: 5000n, decimals: 9, symbol: 'SOL' }, 'en')).toBe('0.000005');
  });

  it('the explorer’s page of the transaction, when the network has an explorer and the id is known', () => {
    expect(explorerLink(network, '0xfeed')).toEqual({ name: 'Otterscan', url: 'http://127.0.0.1:5100/tx/0xfeed' });
    expect(explorerLink(network, '')).toBeUndefined();
    expect(explorerLink({ ...network, blockExplorers: undefined }, '0xfeed')).toBeUndefined();
  });
});

describe('fiatPreview', () => {
  const asset = { key: 'x', name: 'Test USD', symbol: 'tUSD', decimals: 6, balance: 10n ** 9n };
  it('shows the amount in US dollars when the price is known and the amount reads', () => {
    expect(fiatPreview('1.5', { ...asset, price: 2 }, 'en')).toBe('≈ $3.00');
    expect(fiatPreview('1.5', { ...asset, price: 2 }, 'de')).toBe('≈ 3,00\u00a0$');
  });
  it('shows nothing without a price or a readable amount', () => {
    expect(fiatPreview('1.5', asset, 'en')).toBeUndefined();
    expect(fiatPreview('abc', { ...asset, price: 2 }, 'en')).toBeUndefined();
  });
});
