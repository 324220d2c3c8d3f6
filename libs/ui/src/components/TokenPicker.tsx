import { useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Avatar } from './Avatar';
import { Button } from './Button';
import { ListItem } from './ListItem';
import { TextField } from './TextField';

/** A token the picker offers. */
export interface TokenPickerItem {
  /** What `onPick` gets (an address, a mint, `native`). */
  readonly key: string;
  readonly symbol: string;
  readonly name: string;
  /** Untrusted image URL (shown only as data:/https:); the symbol's letter otherwise. */
  readonly iconUrl?: string | undefined;
  /** The balance, formatted. */
  readonly balance?: string | undefined;
  /** A contract address or mint a search may give in full. */
  readonly address?: string | undefined;
}

/** Props of `TokenPicker`. */
export interface TokenPickerProps {
  items: readonly TokenPickerItem[];
  /** The key chosen now (marked `aria-current`). */
  current?: string | undefined;
  /** The search field's label (also its placeholder). */
  searchLabel: string;
  /** What is said when nothing matches the query. */
  noMatch: (query: string) => string;
  backLabel: string;
  onPick(key: string): void;
  onCancel(): void;
  /** Test ids: `${testIdPrefix}-picker`, `-search`, `-token-option` (with `data-key`), `-no-match`. */
  testIdPrefix: string;
  rootRef?: Ref<HTMLDivElement>;
}

/**
 * Choosing a token: a search over symbol, name and the full address, then the tokens with their
 * image and balance (rows of the modal's list keys). ↓ from the search goes to the first row;
 * Enter in it takes the first match.
 */
export function TokenPicker({ items, current, searchLabel, noMatch, backLabel, onPick, onCancel, testIdPrefix, rootRef }: TokenPickerProps) {
  const [query, setQuery] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const q = query.trim().toLowerCase();
  const shown = q ? items.filter((item) => item.symbol.toLowerCase().includes(q) || item.name.toLowerCase().includes(q) || item.address?.toLowerCase() === q) : items;
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') list.current?.querySelector('button')?.focus();
    else if (event.key === 'Enter' && shown[0]) onPick(shown[0].key);
    else return;
    event.preventDefault();
  };
  return (
    <div className="pt-stack" data-testid={`${testIdPrefix}-picker`} ref={rootRef}>
      <TextField label={searchLabel} hideLabel placeholder={searchLabel} type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} onKeyDown={keys} data-testid={`${testIdPrefix}-search`} />
      {shown.length ? (
        <ul className="pt-list" ref={list} style={{ maxHeight: 320, overflowY: 'auto' }}>
          {shown.map((item) => (
            <li key={item.key}>
              <ListItem
                label={`${item.symbol} · ${item.name}`}
                icon={<Avatar src={item.iconUrl} name={item.symbol} size={32} />}
                tag={item.balance}
                selected={current === item.key}
                onClick={() => onPick(item.key)}
                data-testid={`${testIdPrefix}-token-option`}
                data-key={item.key}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="pt-muted" role="status" data-testid={`${testIdPrefix}-no-match`}>
          {noMatch(query.trim())}
        </p>
      )}
      <Button variant="secondary" block onClick={onCancel}>
        {backLabel}
      </Button>
    </div>
  );
}

/** Props of `TokenPill`. */
export interface TokenPillProps {
  /** The token shown; `placeholder` when there is none yet. */
  token: Pick<TokenPickerItem, 'symbol' | 'iconUrl'> | undefined;
  /** What the pill chooses ("You pay"): its accessible name is `label: symbol`. */
  label: string;
  placeholder: string;
  onOpen(): void;
  testId?: string;
}

/** The button showing a token (image and symbol) that opens its picker. */
export function TokenPill({ token, label, placeholder, onOpen, testId }: TokenPillProps) {
  return (
    <Button variant="secondary" onClick={onOpen} aria-label={`${label}: ${token ? token.symbol : placeholder}`} data-testid={testId} style={{ flex: 'none', gap: 6, paddingInline: 10 }}>
      {token ? <Avatar src={token.iconUrl} name={token.symbol} size={24} /> : null}
      <span dir="ltr">{token ? token.symbol : placeholder}</span>
      <span aria-hidden="true">▾</span>
    </Button>
  );
}
