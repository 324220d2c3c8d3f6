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
        <div dir="auto">{name}</div>
        <div className="pt-muted">
          {quantity} {symbol}
        </div>
      </div>
      {value ? <div className="pt-token-value">{value}</div> : null}
    </div>
  );
}
