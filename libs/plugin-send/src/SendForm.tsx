import { formatBalance, usePluginT, useT } from '@portico/react';
import { Button, TextField, TokenPill } from '@portico/ui';
import type { ReactNode, Ref } from 'react';
import { messages } from './messages';
import { fiatPreview, type SendAsset } from './sendFlow';

interface SendFormProps {
  asset: SendAsset;
  iconUrl: string | undefined;
  amountText: string;
  recipient: string;
  amountError: string | undefined;
  toError: string | undefined;
  formError: ReactNode;
  busy: boolean;
  stepRoot: Ref<HTMLFormElement>;
  onSubmit(): void;
  onPick(): void;
  onMax(): void;
  onEdit(patch: { amountText?: string; recipient?: string }): void;
}

/**
 * Send's form, laid out as Swap's: one panel with the amount (Max inside the field), the token's
 * pill and the balance above, what the amount is worth below when the wallet prices the token;
 * then the recipient and Review.
 */
export function SendForm({ asset, iconUrl, amountText, recipient, amountError, toError, formError, busy, stepRoot, onSubmit, onPick, onMax, onEdit }: SendFormProps) {
  const t = useT();
  const p = usePluginT(messages);
  const fiat = fiatPreview(amountText, asset, t.locale);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
      data-testid="send-form"
      ref={stepRoot}
      className="pt-stack"
      style={{ gap: 12 }}
    >
      <section className="pt-stack" aria-label={p('send.amount')} style={{ gap: 6, padding: 12, borderRadius: 'var(--pt-radius)', border: '1px solid var(--pt-border)' }}>
        <div className="pt-row" style={{ justifyContent: 'space-between' }}>
          <span className="pt-label">{p('send.amount')}</span>
          <span className="pt-muted" dir="ltr" data-testid="send-balance">
            {formatBalance(asset.balance, asset.decimals, 3, t.locale)} {asset.symbol}
          </span>
        </div>
        <div className="pt-row" style={{ alignItems: 'flex-start' }}>
          <div style={{ flex: 1, position: 'relative', minWidth: 0 }}>
            <TextField
              label={p('send.amount')}
              hideLabel
              placeholder="0"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              onChange={(e) => onEdit({ amountText: e.target.value })}
              error={amountError}
              style={{ width: '100%', boxSizing: 'border-box', fontSize: 20, paddingInlineEnd: 64 }}
              data-testid="send-amount"
            />
            <Button variant="secondary" onClick={onMax} data-testid="send-max" style={{ position: 'absolute', insetInlineEnd: 6, top: 6, minHeight: 32, paddingInline: 10 }}>
              {p('send.max')}
            </Button>
          </div>
          <TokenPill token={{ symbol: asset.symbol, iconUrl }} label={p('send.token')} placeholder={p('send.pick')} onOpen={onPick} testId="send-token" />
        </div>
        {fiat ? (
          <span className="pt-muted" dir="ltr" style={{ fontSize: 13 }} data-testid="send-fiat">
            {fiat}
          </span>
        ) : null}
      </section>
      <TextField label={p('send.to')} dir="ltr" spellCheck={false} autoComplete="off" value={recipient} onChange={(e) => onEdit({ recipient: e.target.value })} error={toError} data-testid="send-to" />
      {formError}
      <Button type="submit" block loading={busy} data-testid="send-review-button">
        {p('send.review')}
      </Button>
    </form>
  );
}
