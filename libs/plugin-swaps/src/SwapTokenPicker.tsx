import { formatBalance, useBackToStep, usePluginT, useStepFocus, useT, useViewTitle } from '@portico/react';
import { TokenPicker } from '@portico/ui';
import { messages } from './messages';
import type { SwapToken } from './swapFlow';

interface SwapTokenPickerProps {
  tokens: readonly SwapToken[];
  /** Balances read so far, by lower-case address. */
  balances: Readonly<Record<string, bigint>>;
  /** The token chosen now (marked). */
  current: string | undefined;
  onPick(address: string): void;
  onCancel(): void;
}

/**
 * The Swap view's token picker (`TokenPicker`): the tokens with their images and on-chain
 * balances, titled "Select a token"; Back (its own or the header's) returns to the form.
 */
export function SwapTokenPicker({ tokens, balances, current, onPick, onCancel }: SwapTokenPickerProps) {
  const p = usePluginT(messages);
  const t = useT();
  const root = useStepFocus('pick');
  useViewTitle(p('swap.pick'));
  // The header's Back closes the picker (back to the form, kept), as its own Back does.
  useBackToStep(onCancel);
  const items = tokens.map((token) => {
    const balance = balances[token.address.toLowerCase()];
    return { key: token.address, symbol: token.symbol, name: token.name, iconUrl: token.iconUrl, address: token.address, balance: balance === undefined ? undefined : formatBalance(balance, token.decimals, 3, t.locale) };
  });
  return (
    <TokenPicker
      items={items}
      current={tokens.find((token) => current !== undefined && token.address.toLowerCase() === current.toLowerCase())?.address}
      searchLabel={p('swap.search')}
      noMatch={(query) => p('swap.noMatch', { query })}
      backLabel={p('swap.back')}
      onPick={onPick}
      onCancel={onCancel}
      testIdPrefix="swap"
      rootRef={root}
    />
  );
}
