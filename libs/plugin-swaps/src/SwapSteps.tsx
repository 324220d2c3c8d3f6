import { formatUnits, type Network } from '@portico/kernel';
import { formatBalance, formatFixed, TransactionId, usePluginT, useT } from '@portico/react';
import { Button, Spinner } from '@portico/ui';
import type { ReactNode, Ref } from 'react';
import { messages } from './messages';
import { sameToken, type PricedQuote, type SwapPhase, type SwapToken } from './swapFlow';

/** The tokens a quote sells and buys (from its request, never the form, which may have changed since). */
export function pairOf(tokens: readonly SwapToken[], priced: PricedQuote) {
  const find = (address: string) => tokens.find((x) => sameToken(x.address, address)) ?? { address, symbol: '?', name: address, decimals: 0 };
  return { sold: find(priced.quote.request.sellToken), bought: find(priced.quote.request.buyToken) };
}

/** Amounts as the spec shows them: three decimals, in the user's locale. */
function useShow() {
  const t = useT();
  return (value: bigint, decimals: number) => formatBalance(value, decimals, 3, t.locale);
}

/** A quote's rate, amounts, price impact, network fee and provider. */
export function QuoteDetails({ priced, tokens, native }: { priced: PricedQuote; tokens: readonly SwapToken[]; native: SwapToken }) {
  const t = useT();
  const p = usePluginT(messages);
  const show = useShow();
  const { quote: q } = priced;
  const { sold, bought } = pairOf(tokens, priced);
  const rate = Number(formatUnits(q.buyAmount, bought.decimals)) / Number(formatUnits(q.request.sellAmount, sold.decimals));
  return (
    <dl className="pt-stack" style={{ margin: 0 }} data-testid="swap-quote">
      <Row label={p('swap.rate')} testId="swap-rate">
        1 {sold.symbol} ≈ {formatFixed(rate, t.locale, rate >= 1 ? 3 : 6)} {bought.symbol}
      </Row>
      <Row label={p('swap.buy')} testId="swap-buy-amount">
        {show(q.buyAmount, bought.decimals)} {bought.symbol}
      </Row>
      <Row label={p('swap.minReceived')} testId="swap-min-received">
        {show(q.minBuyAmount, bought.decimals)} {bought.symbol}
      </Row>
      <Row label={p('swap.priceImpact')} testId="swap-price-impact">
        {q.priceImpact === undefined ? p('swap.unknown') : `${formatFixed(q.priceImpact * 100, t.locale, 2)} %`}
      </Row>
      <Row label={p('swap.networkFee')} testId="swap-fee">
        {priced.fee === undefined ? p('swap.unknown') : `≈ ${formatFixed(Number(formatUnits(priced.fee, native.decimals)), t.locale, 6)} ${native.symbol}`}
      </Row>
      <Row label={p('swap.provider')} testId="swap-provider">
        {priced.provider.name}
      </Row>
    </dl>
  );
}

interface ReviewProps {
  priced: PricedQuote;
  tokens: readonly SwapToken[];
  native: SwapToken;
  /** Set while the swap runs. */
  phase?: SwapPhase | undefined;
  /** The quote was asked for again because the reviewed one expired. */
  requoted: boolean;
  error: string | undefined;
  stepRoot: Ref<HTMLDivElement>;
  onBack(): void;
  onConfirm(): void;
}

/** The review: what is sold, the quote, the approval note, the running phase, and Back / Swap. */
export function SwapReview({ priced, tokens, native, phase, requoted, error, stepRoot, onBack, onConfirm }: ReviewProps) {
  const p = usePluginT(messages);
  const show = useShow();
  const { sold: token } = pairOf(tokens, priced);
  const sold = show(priced.quote.request.sellAmount, token.decimals);
  return (
    <div className="pt-stack" data-testid="swap-review" ref={stepRoot}>
      <p style={{ margin: 0, fontWeight: 600 }} data-testid="swap-review-sell">
        {p('swap.sell')}: {sold} {token.symbol}
      </p>
      <QuoteDetails priced={priced} tokens={tokens} native={native} />
      {requoted && !phase ? (
        <p className="pt-muted" role="alert" data-testid="swap-requoted">
          {p('swap.requoted')}
        </p>
      ) : null}
      {priced.needsApproval ? (
        <p className="pt-muted" style={{ margin: 0 }} data-testid="swap-approve-note">
          {p('swap.approveNote', { amount: sold, symbol: token.symbol })}
        </p>
      ) : null}
      {phase ? (
        <p className="pt-row pt-muted" role="status" data-testid="swap-status" data-phase={phase}>
          <Spinner size={16} label="" /> {p(`swap.step.${phase}`, { symbol: token.symbol })}
        </p>
      ) : null}
      {error ? (
        <p className="pt-error" role="alert" data-testid="swap-error">
          {error}
        </p>
      ) : null}
      <div className="pt-row">
        <Button variant="secondary" block disabled={!!phase} onClick={onBack}>
          {p('swap.back')}
        </Button>
        <Button block loading={!!phase} onClick={onConfirm} data-testid="swap-confirm">
          {priced.needsApproval ? p('swap.approveAndSwap', { symbol: token.symbol }) : p('swap.swap')}
        </Button>
      </div>
    </div>
  );
}

/** The done screen: what was sold and bought (or that it is still pending), the transaction and its explorer link. */
export function SwapDone({ priced, tokens, network, hash, bought, pending, stepRoot, onClose }: { priced: PricedQuote; tokens: readonly SwapToken[]; network: Network; hash: string; bought: bigint; pending: boolean; stepRoot: Ref<HTMLDivElement>; onClose(): void }) {
  const p = usePluginT(messages);
  const show = useShow();
  const { sold: soldToken, bought: boughtToken } = pairOf(tokens, priced);
  const sold = show(priced.quote.request.sellAmount, soldToken.decimals);
  const explorer = network.blockExplorers?.default;
  return (
    <div className="pt-center" data-testid="swap-done" ref={stepRoot}>
      <p role="status" style={{ margin: 0, fontWeight: 600 }}>
        {pending ? p('swap.pending', { sold, sellSymbol: soldToken.symbol }) : p('swap.done', { sold, sellSymbol: soldToken.symbol, bought: show(bought, boughtToken.decimals), buySymbol: boughtToken.symbol })}
      </p>
      <TransactionId id={hash} testId="swap-hash" />
      {explorer ? (
        <a href={`${explorer.url.replace(/\/+$/, '')}/tx/${encodeURIComponent(hash)}`} target="_blank" rel="noopener noreferrer" data-testid="swap-explorer">
          {p('swap.explorer', { explorer: explorer.name })}
        </a>
      ) : null}
      <Button block onClick={onClose}>
        {p('swap.close')}
      </Button>
    </div>
  );
}

/** One line of a quote: a label and a value (amounts kept left to right). */
function Row({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="pt-row" style={{ justifyContent: 'space-between' }}>
      <dt className="pt-label">{label}</dt>
      <dd style={{ margin: 0, textAlign: 'end' }} dir="ltr" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Why there is no form: the host's options are wrong (`error`), no EVM account, or a network without swaps (`title` and `note`). */
export function SwapUnavailable({ error, title, note }: { error?: string; title?: string; note?: string }) {
  if (error) {
    return (
      <p className="pt-error" role="alert" data-testid="swap-unavailable">
        {error}
      </p>
    );
  }
  if (!title) {
    return (
      <p className="pt-muted" role="status" data-testid="swap-unavailable">
        {note}
      </p>
    );
  }
  return (
    <div className="pt-center" data-testid="swap-unavailable">
      <p role="status" style={{ margin: 0, fontWeight: 600 }}>
        {title}
      </p>
      <p className="pt-muted" style={{ margin: 0 }}>
        {note}
      </p>
    </div>
  );
}
