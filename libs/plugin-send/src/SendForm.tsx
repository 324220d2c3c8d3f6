import { formatBalance, usePluginT, useT } from '@portico/react';
import { AmountField, AmountPanel, Button, TextField, TokenPill } from '@portico/ui';
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
 * pill and the balance above, what the amount is worth under it (its description) when the wallet prices the token;
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
      <AmountPanel
        label={p('send.amount')}
        balance={
          <span dir="ltr" data-testid="send-balance">
            {formatBalance(asset.balance, asset.decimals, 3, t.locale)} {asset.symbol}
          </span>
        }
      >
        <AmountField
          label={p('send.amount')}
          value={amountText}
          onChange={(e) => onEdit({ amountText: e.target.value })}
          error={amountError}
          // What the amount is worth, read with the field.
          description={fiat}
          data-testid="send-amount"
          maxLabel={p('send.max')}
          onMax={onMax}
          maxTestId="send-max"
        />
        <TokenPill token={{ symbol: asset.symbol, iconUrl }} label={p('send.token')} placeholder={p('send.pick')} onOpen={onPick} testId="send-token" />
      </AmountPanel>
      <TextField label={p('send.to')} dir="ltr" spellCheck={false} autoComplete="off" value={recipient} onChange={(e) => onEdit({ recipient: e.target.value })} error={toError} data-testid="send-to" />
      {formError}
      <Button type="submit" block loading={busy} data-testid="send-review-button">
        {p('send.review')}
      </Button>
    </form>
  );
}
