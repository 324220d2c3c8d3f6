import { formatUnits } from '@portico/kernel';
import { formatBalance, formatUsd, parseAmount, usePluginT, useT } from '@portico/react';
import { AmountField, AmountPanel, Button, Spinner, TextField, TokenPill } from '@portico/ui';
import type { FormEvent, Ref } from 'react';
import { messages } from './messages';
import { QuoteDetails } from './SwapSteps';
import { fiatValue, maxSellAmount, type PricedQuote, type SwapToken } from './swapFlow';

/** The form's quote: none yet (incomplete form), being asked for, the best one, or why there is none. */
export type QuoteState = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; priced: PricedQuote } | { state: 'error'; message: string };

interface FormFieldsProps {
  tokens: readonly SwapToken[];
  native: SwapToken;
  sell: SwapToken;
  buy: SwapToken | undefined;
  /** Balances read so far, by lower-case address. */
  balances: Readonly<Record<string, bigint>>;
  amountText: string;
  slippageText: string;
  quote: QuoteState;
  errors: { amount?: string; slippage?: string };
  stepRoot: Ref<HTMLFormElement>;
  onSubmit(event: FormEvent): void;
  onPick(side: 'sell' | 'buy'): void;
  onFlip(): void;
  onAmount(text: string): void;
  onSlippage(text: string): void;
  onRetry(): void;
}

/**
 * The Swap form: what is paid (amount with Max inside it, the token's pill), the flip, what is
 * received (the quote's amount, the token's pill), slippage, the live quote, Review.
 */
export function SwapFormFields({ tokens, native, sell, buy, balances, amountText, slippageText, quote, errors, stepRoot, onSubmit, onPick, onFlip, onAmount, onSlippage, onRetry }: FormFieldsProps) {
  const t = useT();
  const p = usePluginT(messages);
  const show = (value: bigint, decimals: number) => formatBalance(value, decimals, 3, t.locale);
  const balanceOf = (token: SwapToken | undefined) => (token ? balances[token.address.toLowerCase()] : undefined);
  const sellBalance = balanceOf(sell);
  const buyBalance = balanceOf(buy);
  const received = quote.state === 'ready' && buy ? show(quote.priced.quote.buyAmount, buy.decimals) : quote.state === 'loading' ? '…' : '0';
  const usd = (value: number | undefined) => (value === undefined ? undefined : `≈ ${formatUsd(value, t.locale)}`);
  const sellFiat = usd(fiatValue(parseAmount(amountText, sell.decimals), sell));
  const buyFiat = usd(fiatValue(quote.state === 'ready' ? quote.priced.quote.buyAmount : undefined, buy));
  return (
    <form onSubmit={onSubmit} noValidate data-testid="swap-form" ref={stepRoot} className="pt-stack" style={{ gap: 8 }}>
      <AmountPanel label={p('swap.sell')} balance={sellBalance === undefined ? undefined : p('swap.balance', { amount: show(sellBalance, sell.decimals), symbol: sell.symbol })}>
        <AmountField
          label={p('swap.amount')}
          value={amountText}
          onChange={(e) => onAmount(e.target.value)}
          error={errors.amount}
          // What the amount is worth, read with the field.
          description={sellFiat}
          data-testid="swap-amount"
          maxLabel={p('swap.max')}
          onMax={() => sellBalance !== undefined && onAmount(formatUnits(maxSellAmount(sellBalance, sell), sell.decimals))}
          maxDisabled={sellBalance === undefined}
          maxTestId="swap-max"
        />
        <TokenPill token={sell} label={p('swap.sell')} placeholder={p('swap.pick')} onOpen={() => onPick('sell')} testId="swap-sell-token" />
      </AmountPanel>
      <div className="pt-row" style={{ justifyContent: 'center', marginBlock: -4 }}>
        <Button variant="secondary" aria-label={p('swap.flip')} onClick={onFlip} disabled={!buy} data-testid="swap-flip" style={{ minHeight: 36, paddingInline: 12 }}>
          ⇅
        </Button>
      </div>
      <AmountPanel label={p('swap.buy')} balance={buyBalance === undefined || !buy ? undefined : p('swap.balance', { amount: show(buyBalance, buy.decimals), symbol: buy.symbol })} fiat={buyFiat} fiatTestId="swap-buy-fiat">
        <output dir="ltr" aria-live="off" data-testid="swap-receive" style={{ flex: 1, minWidth: 0, fontSize: 20, minHeight: 44, display: 'flex', alignItems: 'center', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {received}
        </output>
        <TokenPill token={buy} label={p('swap.buy')} placeholder={p('swap.pick')} onOpen={() => onPick('buy')} testId="swap-buy-token" />
      </AmountPanel>
      <TextField label={p('swap.slippage')} inputMode="decimal" autoComplete="off" value={slippageText} onChange={(e) => onSlippage(e.target.value)} error={errors.slippage} data-testid="swap-slippage" />
      <div aria-live="polite">
        {quote.state === 'loading' ? (
          <p className="pt-row pt-muted" data-testid="swap-quoting">
            <Spinner size={16} label="" /> {p('swap.quoting')}
          </p>
        ) : quote.state === 'ready' ? (
          <QuoteDetails priced={quote.priced} tokens={tokens} native={native} />
        ) : quote.state === 'error' ? (
          <div className="pt-row" style={{ alignItems: 'center' }}>
            <p className="pt-error" style={{ flex: 1 }} data-testid="swap-error">
              {quote.message}
            </p>
            <Button variant="secondary" onClick={onRetry} data-testid="swap-retry">
              {p('swap.retry')}
            </Button>
          </div>
        ) : null}
      </div>
      <Button type="submit" block disabled={quote.state === 'error' || quote.state === 'loading'} data-testid="swap-review-button">
        {p('swap.review')}
      </Button>
    </form>
  );
}
