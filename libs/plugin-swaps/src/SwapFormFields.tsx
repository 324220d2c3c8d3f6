import { formatUnits } from '@portico/kernel';
import { formatBalance, usePluginT, useT } from '@portico/react';
import { Button, Spinner, TextField } from '@portico/ui';
import type { FormEvent, Ref } from 'react';
import { messages } from './messages';
import { QuoteDetails, TokenSelect } from './SwapSteps';
import { maxSellAmount, sameToken, type PricedQuote, type SwapToken } from './swapFlow';

/** The form's quote: none yet (incomplete form), being asked for, the best one, or why there is none. */
export type QuoteState = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; priced: PricedQuote } | { state: 'error'; message: string };

interface FormFieldsProps {
  tokens: readonly SwapToken[];
  native: SwapToken;
  sell: SwapToken;
  buy: SwapToken | undefined;
  /** The sell token's balance, when read. */
  sellBalance: bigint | undefined;
  amountText: string;
  slippageText: string;
  quote: QuoteState;
  errors: { amount?: string; slippage?: string };
  stepRoot: Ref<HTMLFormElement>;
  onSubmit(event: FormEvent): void;
  onSell(address: string): void;
  onBuy(address: string): void;
  onAmount(text: string): void;
  onSlippage(text: string): void;
  onRetry(): void;
}

/** The Swap form: sell token and amount (with Max), flip, buy token, slippage, the live quote, Review. */
export function SwapFormFields({ tokens, native, sell, buy, sellBalance, amountText, slippageText, quote, errors, stepRoot, onSubmit, onSell, onBuy, onAmount, onSlippage, onRetry }: FormFieldsProps) {
  const t = useT();
  const p = usePluginT(messages);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="swap-form" ref={stepRoot}>
      <TokenSelect id="pt-swap-sell" label={p('swap.sell')} tokens={tokens} value={sell.address} onChange={onSell} testId="swap-sell-token" />
      <div className="pt-row" style={{ alignItems: 'flex-end' }}>
        <TextField
          label={p('swap.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(e) => onAmount(e.target.value)}
          error={errors.amount}
          description={sellBalance === undefined ? undefined : p('swap.balance', { amount: formatBalance(sellBalance, sell.decimals, 3, t.locale), symbol: sell.symbol })}
          data-testid="swap-amount"
        />
        <Button variant="secondary" onClick={() => sellBalance !== undefined && onAmount(formatUnits(maxSellAmount(sellBalance, sell), sell.decimals))} data-testid="swap-max">
          {p('swap.max')}
        </Button>
      </div>
      <div className="pt-row" style={{ justifyContent: 'center' }}>
        <Button
          variant="secondary"
          aria-label={p('swap.flip')}
          onClick={() => {
            if (!buy) return;
            onSell(buy.address);
            onBuy(sell.address);
          }}
          data-testid="swap-flip"
        >
          ⇅
        </Button>
      </div>
      <TokenSelect id="pt-swap-buy" label={p('swap.buy')} tokens={tokens.filter((x) => !sameToken(x.address, sell.address))} value={buy?.address ?? ''} onChange={onBuy} testId="swap-buy-token" />
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
