import { Avatar } from './Avatar';

/** Props of `TokenRow`: already formatted strings, rendered as text. */
export interface TokenRowProps {
  name: string;
  symbol: string;
  iconUrl?: string | undefined;
  quantity: string;
  value?: string | undefined;
}

/** One balance: icon, name, quantity with symbol, and fiat value. */
export function TokenRow({ name, symbol, iconUrl, quantity, value }: TokenRowProps) {
  return (
    <div className="pt-token-row">
      <Avatar src={iconUrl} name={symbol || name} size={32} />
      <div className="pt-token-main">
        {/* dir="auto" isolates a Latin name in a right-to-left modal; the class keeps it beside the icon (right-aligned there). */}
        <div className="pt-token-name" dir="auto">
          {name}
        </div>
        <div className="pt-muted">
          {quantity} {symbol}
        </div>
      </div>
      {value ? <div className="pt-token-value">{value}</div> : null}
    </div>
  );
}
