import { formatBalance, usePluginT, usePortico, useStepFocus, useT, useViewTitle } from '@portico/react';
import { Avatar, Button, ListItem, TextField } from '@portico/ui';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { messages } from './messages';
import type { SwapToken } from './swapFlow';

interface TokenPickerProps {
  tokens: readonly SwapToken[];
  /** Balances read so far, by lower-case address. */
  balances: Readonly<Record<string, bigint>>;
  /** The token chosen now (marked). */
  current: string | undefined;
  onPick(address: string): void;
  onCancel(): void;
}

/**
 * Choosing a token: a search over symbol, name and contract address, and the tokens with their
 * image and the balance read so far. The list has the modal's list keys (↓ from the search goes
 * to the first row); Enter in the search takes the first match. Back (its own or the header's)
 * returns to the form.
 */
export function SwapTokenPicker({ tokens, balances, current, onPick, onCancel }: TokenPickerProps) {
  const p = usePluginT(messages);
  const t = useT();
  const [query, setQuery] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const root = useStepFocus('pick');
  useViewTitle(p('swap.pick'));
  // The header's Back closes the picker (back to the form, kept), as the picker's own Back does; other navigation passes.
  const { router } = usePortico('SwapTokenPicker').kernel;
  useEffect(
    () =>
      router.addGuard({
        canLeave: (_from, to) => {
          const { stack } = router.getSnapshot();
          if (stack[stack.length - 2] !== to) return true;
          onCancel();
          return false;
        },
      }),
    [router, onCancel],
  );
  const q = query.trim().toLowerCase();
  const shown = q ? tokens.filter((token) => token.symbol.toLowerCase().includes(q) || token.name.toLowerCase().includes(q) || token.address.toLowerCase() === q) : tokens;
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') list.current?.querySelector('button')?.focus();
    else if (event.key === 'Enter' && shown[0]) onPick(shown[0].address);
    else return;
    event.preventDefault();
  };
  return (
    <div className="pt-stack" data-testid="swap-picker" ref={root}>
      <TextField label={p('swap.search')} hideLabel placeholder={p('swap.search')} type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} onKeyDown={keys} data-testid="swap-search" />
      {shown.length ? (
        <ul className="pt-list" ref={list} style={{ maxHeight: 320, overflowY: 'auto' }}>
          {shown.map((token) => {
            const balance = balances[token.address.toLowerCase()];
            return (
              <li key={token.address}>
                <ListItem
                  label={`${token.symbol} · ${token.name}`}
                  icon={<Avatar src={token.iconUrl} name={token.symbol} size={32} />}
                  tag={balance === undefined ? undefined : formatBalance(balance, token.decimals, 3, t.locale)}
                  selected={current !== undefined && current.toLowerCase() === token.address.toLowerCase()}
                  onClick={() => onPick(token.address)}
                  data-testid="swap-token-option"
                  data-address={token.address}
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="pt-muted" role="status" data-testid="swap-no-match">
          {p('swap.noMatch', { query: query.trim() })}
        </p>
      )}
      <Button variant="secondary" block onClick={onCancel}>
        {p('swap.back')}
      </Button>
    </div>
  );
}

/** The button showing a side's token (image and symbol) that opens the picker. */
export function TokenPill({ token, label, onOpen, testId }: { token: SwapToken | undefined; label: string; onOpen(): void; testId: string }) {
  const p = usePluginT(messages);
  return (
    <Button variant="secondary" onClick={onOpen} aria-label={`${label}: ${token ? token.symbol : p('swap.pick')}`} data-testid={testId} data-address={token?.address} style={{ flex: 'none', gap: 6, paddingInline: 10 }}>
      {token ? <Avatar src={token.iconUrl} name={token.symbol} size={24} /> : null}
      <span dir="ltr">{token ? token.symbol : p('swap.pick')}</span>
      <span aria-hidden="true">▾</span>
    </Button>
  );
}
