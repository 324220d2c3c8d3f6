import { useId, type ReactNode } from 'react';

/** Props of `AmountPanel`. */
export interface AmountPanelProps {
  /** Its heading ("You pay", "Amount"), which also names the region. */
  label: string;
  /** The balance beside the heading, when known. */
  balance?: ReactNode;
  /** What the amount is worth, under it, when it is not the field's own description (a quote's output). */
  fiat?: string | undefined;
  fiatTestId?: string;
  /** The amount and the token's pill. */
  children: ReactNode;
}

/** One side of an amount form (Swap's two, Send's one): heading and balance above, the amount and the token's pill below. */
export function AmountPanel({ label, balance, fiat, fiatTestId, children }: AmountPanelProps) {
  const heading = useId();
  return (
    <section className="pt-stack" aria-labelledby={heading} style={{ gap: 6, padding: 12, borderRadius: 'var(--pt-radius)', border: '1px solid var(--pt-border)' }}>
      <div className="pt-row" style={{ justifyContent: 'space-between' }}>
        <span className="pt-label" id={heading}>
          {label}
        </span>
        {balance ? <span className="pt-muted">{balance}</span> : null}
      </div>
      <div className="pt-row" style={{ alignItems: 'flex-start' }}>
        {children}
      </div>
      {fiat ? (
        <span className="pt-muted" dir="ltr" style={{ fontSize: 13 }} data-testid={fiatTestId}>
          {fiat}
        </span>
      ) : null}
    </section>
  );
}
