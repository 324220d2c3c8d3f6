import { formatDecimal, formatFixed, formatUsd, parseAmount } from '@portico/core';
import { createObservable, formatUnits, type Balance, type ChainAdapter, type Network, type Observable, type TokenBalance } from '@portico/kernel';

/** What can be sent: a token the account holds (or the native currency). */
export interface SendAsset {
  readonly key: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** Balance in the smallest unit. */
  readonly balance: bigint;
  /** Contract or mint; absent for the native currency. */
  readonly token?: string | undefined;
  /** Price in US dollars, when the wallet or portfolio API knows it. */
  readonly price?: number | undefined;
  /** Untrusted image URL (shown only as data:/https:), from the wallet or the network's token list. */
  readonly iconUrl?: string | undefined;
}

/** Where a sent transfer stands, as the chain adapter reports it. */
export type TransferStatus = 'pending' | 'confirmed' | 'failed' | 'dropped';

/** The Send view's error sentences (keys of its catalogue). */
export type SendErrorKey = 'send.error.amount' | 'send.error.balance' | 'send.error.withFee' | 'send.error.fee' | 'send.error.recipient' | 'send.error.rejected';

/**
 * An error to show, as data (the view words it in the modal's language): one of the view's own
 * sentences, the estimate's failure as the `{reason}` of `send.error.estimate`, or the wallet's error told as it is.
 */
export type SendMessage =
  | { readonly key: SendErrorKey; readonly vars?: Readonly<Record<string, string>> }
  | { readonly key: 'send.error.estimate'; readonly reason: unknown }
  | { readonly error: unknown };

/** A transfer the user is reviewing, sending or has sent; `key` names the account and network it was made for. */
interface Transfer {
  readonly key: string;
  readonly asset: SendAsset;
  readonly amount: bigint;
  readonly to: string;
}

/** The flow's steps: the form, the review (with the network fee), the wallet's confirmation, the result. */
export type SendStep =
  | { readonly name: 'form' }
  | (Transfer & { readonly name: 'review' | 'sending'; readonly fee: Balance })
  /** `id` is empty when the wallet took the transfer but has not reported it in a block yet. */
  | (Transfer & { readonly name: 'sent'; readonly id: string });

/** What the form shows and what it refused. */
export interface SendState {
  readonly assetKey: string;
  readonly amountText: string;
  readonly recipient: string;
  readonly errors: { readonly amount?: SendMessage; readonly to?: SendMessage; readonly form?: SendMessage };
  /** A review is being prepared (recipient check, fee estimate). */
  readonly busy: boolean;
  readonly step: SendStep;
}

/** What the view knows of the account when the user acts. */
export interface SendContext {
  readonly adapter: ChainAdapter;
  readonly network: Network;
  /** The account's CAIP-10 address. */
  readonly account: string;
  readonly assets: readonly SendAsset[];
  /** The native balance, which pays the network fee of a token transfer. */
  readonly nativeBalance: bigint;
}

/** The Send flow's state and the user's actions on it; the view renders the state and forwards events. */
export interface SendFlow {
  readonly state: Observable<SendState>;
  /** The user typed or picked something. */
  edit(fields: Partial<Pick<SendState, 'assetKey' | 'amountText' | 'recipient'>>): void;
  /** Checks the amount and recipient and estimates the fee: the review, or what is wrong. */
  review(context: SendContext): Promise<void>;
  /** Fills in the whole balance, less the network fee of a native transfer. */
  max(context: SendContext): Promise<void>;
  /** Asks the wallet to make the reviewed transfer. */
  send(context: SendContext): Promise<void>;
  /** From the review back to the form. */
  back(): void;
}

/** The account and network a step belongs to. */
export const accountKey = (account: string | undefined, networkId: string | undefined) => `${account}|${networkId}`;

/** The step to show for an account on a network: after a switch, the form again. */
export const shownStep = (state: SendState, key: string): SendStep => (state.step.name !== 'form' && state.step.key !== key ? { name: 'form' } : state.step);

/** The asset picked, else the first one. */
export const selectedAsset = (assets: readonly SendAsset[], key: string): SendAsset | undefined => assets.find((a) => a.key === key) ?? assets[0];

/** What can be sent: the tokens the wallet reports, else the native balance; and the native balance, which pays fees. */
export function sendAssets(tokens: readonly TokenBalance[] | undefined, native: Balance | undefined, nativeName: string, listed: readonly { address: string; iconUrl?: string | undefined }[] = []): { assets: readonly SendAsset[]; nativeBalance: bigint } {
  const nativeAsset = native ? { key: 'native', name: nativeName, symbol: native.symbol, decimals: native.decimals, balance: native.value } : undefined;
  // The network's token list gives the image a wallet gave none for.
  const iconOf = (token: TokenBalance) => token.iconUrl ?? listed.find((l) => token.address !== undefined && l.address.toLowerCase() === token.address.toLowerCase())?.iconUrl;
  const assets = tokens?.length ? tokens.map((token) => toAsset({ ...token, iconUrl: iconOf(token) })) : nativeAsset ? [nativeAsset] : [];
  return { assets, nativeBalance: nativeAsset?.balance ?? assets.find((a) => a.key === 'native')?.balance ?? 0n };
}

/** Creates the flow of one opened Send view; `refreshBalances` runs once a transfer went (the cached balances changed). */
export function createSendFlow(options: { refreshBalances(): void }): SendFlow {
  const state = createObservable<SendState>({ assetKey: 'native', amountText: '', recipient: '', errors: {}, busy: false, step: { name: 'form' } });
  const update = (fields: Partial<SendState>) => state.set((previous) => ({ ...previous, ...fields }));
  return {
    state,
    edit: update,
    back: () => update({ step: { name: 'form' } }),
    async review(context) {
      const { assetKey, amountText, recipient, busy } = state.getSnapshot();
      const asset = selectedAsset(context.assets, assetKey);
      if (!asset || busy) return;
      const found: Mutable<SendState['errors']> = {};
      const amount = parseAmount(amountText, asset.decimals);
      if (amount === undefined) found.amount = { key: 'send.error.amount', vars: { decimals: String(asset.decimals) } };
      else if (amount > asset.balance) found.amount = { key: 'send.error.balance', vars: { symbol: asset.symbol } };
      update({ busy: true });
      try {
        const { adapter, network } = context;
        // A check that throws (a name service down) is a problem with the recipient, shown beside it: never an unhandled rejection.
        const checked = adapter.checkRecipient ? await adapter.checkRecipient(recipient, network).catch((error: unknown) => ({ problem: error instanceof Error ? error.message : String(error) })) : { address: recipient.trim() };
        if ('problem' in checked) found.to = { key: 'send.error.recipient', vars: { problem: checked.problem } };
        if (found.amount || found.to || amount === undefined || !('address' in checked)) return update({ errors: found });
        let fee: Balance;
        try {
          fee = await estimate(context, asset, amount, checked.address);
        } catch (reason) {
          return update({ errors: { form: { key: 'send.error.estimate', reason } } });
        }
        // What the balance cannot pay is refused here, before the wallet is asked.
        if (!asset.token && amount + fee.value > asset.balance) return update({ errors: { amount: { key: 'send.error.withFee', vars: { symbol: asset.symbol } } } });
        if (asset.token && fee.value > context.nativeBalance) return update({ errors: { form: { key: 'send.error.fee', vars: { symbol: fee.symbol } } } });
        update({ errors: {}, step: { name: 'review', key: keyOf(context), asset, amount, to: checked.address, fee } });
      } finally {
        update({ busy: false });
      }
    },
    async max(context) {
      const asset = selectedAsset(context.assets, state.getSnapshot().assetKey);
      if (!asset) return;
      if (asset.token) return update({ amountText: formatUnits(asset.balance, asset.decimals) });
      // Native: what is left after the network fee of a plain transfer (estimated as one to the account itself).
      const fee = await estimate(context, asset, 0n, context.account.split(':')[2]!).catch(() => undefined);
      const left = fee ? asset.balance - fee.value : asset.balance;
      update({ amountText: formatUnits(left > 0n ? left : 0n, asset.decimals) });
    },
    async send(context) {
      const step = shownStep(state.getSnapshot(), keyOf(context));
      if (step.name !== 'review') return;
      const { key, asset, amount, to } = step;
      update({ step: { ...step, name: 'sending' } });
      try {
        const id = await context.adapter.sendTransfer!(transferOf(asset, amount, to), context.network);
        update({ step: { name: 'sent', key, asset, amount, to, id } });
        options.refreshBalances();
      } catch (error) {
        // Taken by the wallet but not reported in a block in time: never offer Send again for it.
        if ((error as { submitted?: unknown } | null)?.submitted === true) return update({ step: { name: 'sent', key, asset, amount, to, id: '' } });
        const rejected = (error as { code?: unknown } | null)?.code === 4001;
        update({ errors: { form: rejected ? { key: 'send.error.rejected' } : { error } }, step: { ...step, name: 'review' } });
      }
    },
  };
}

/**
 * Polls where a sent transfer stands until the network says (every 1.5 s, for at most 10
 * minutes); a failed read counts as pending. Once settled, `onSettled` runs (what the account
 * holds changed once more: a dropped transfer gave the amount back). Returns the stop function.
 */
export function watchTransferStatus(
  watch: { adapter: ChainAdapter; network: Network; id: string; onStatus(status: TransferStatus): void; onSettled(): void },
  timing: { intervalMs: number; timeoutMs: number } = { intervalMs: 1_500, timeoutMs: 600_000 },
): () => void {
  const { adapter, network, id } = watch;
  let live = !!adapter.transferStatus;
  const deadline = Date.now() + timing.timeoutMs;
  void (async () => {
    while (live && Date.now() < deadline) {
      const next = await adapter.transferStatus!(id, network).catch(() => 'pending' as const);
      if (!live) return;
      watch.onStatus(next);
      if (next !== 'pending') return watch.onSettled();
      await new Promise((resolve) => setTimeout(resolve, timing.intervalMs));
    }
  })();
  return () => {
    live = false;
  };
}

/** The amount being sent, to its last digit (at least the spec's 3 decimals): what the user confirms is exactly what goes. */
export function exactAmount(value: bigint, decimals: number, locale: string): string {
  const text = formatUnits(value, decimals);
  return formatDecimal(text, locale, Math.max(3, text.split('.')[1]?.length ?? 0));
}

/** The network fee as the review shows it (6 decimals, without the "≈"). */
export const feeAmount = (fee: Balance, locale: string) => formatFixed(Number(formatUnits(fee.value, fee.decimals)), locale, 6);

/** "≈ $12.50" under the amount when the token's price is known and the amount reads. */
export function fiatPreview(text: string, asset: SendAsset, locale: string): string | undefined {
  if (asset.price === undefined) return undefined;
  const amount = parseAmount(text, asset.decimals);
  return amount === undefined ? undefined : `≈ ${formatUsd(Number(formatUnits(amount, asset.decimals)) * asset.price, locale)}`;
}

/** The transaction's page on the network's explorer, when it has one and the id is known. */
export function explorerLink(network: Network, id: string): { name: string; url: string } | undefined {
  const explorer = network.blockExplorers?.default;
  return explorer && id ? { name: explorer.name, url: `${explorer.url.replace(/\/+$/, '')}/tx/${encodeURIComponent(id)}` } : undefined;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const keyOf = (context: SendContext) => accountKey(context.account, context.network.caipNetworkId);

const transferOf = (asset: SendAsset, amount: bigint, to: string) => ({ to, amount, ...(asset.token ? { token: asset.token } : {}) });

/** Async, so an adapter without an estimate rejects rather than throws. */
async function estimate(context: SendContext, asset: SendAsset, amount: bigint, to: string): Promise<Balance> {
  return context.adapter.estimateTransfer!(transferOf(asset, amount, to), context.network);
}

function toAsset(token: TokenBalance): SendAsset {
  const [whole = '0', fraction = ''] = token.quantity.numeric.split('.');
  const balance = BigInt(`${whole}${fraction.padEnd(token.quantity.decimals, '0').slice(0, token.quantity.decimals)}`);
  return { key: token.address ?? 'native', name: token.name, symbol: token.symbol, decimals: token.quantity.decimals, balance, ...(token.address ? { token: token.address } : {}), ...(token.price !== undefined ? { price: token.price } : {}), ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}) };
}
