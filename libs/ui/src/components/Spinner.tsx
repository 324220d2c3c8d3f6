/** Props of `Spinner`; an empty label makes it decorative. */
export interface SpinnerProps {
  size?: number;
  label?: string;
}

/** A loading indicator announced politely to screen readers. */
export function Spinner({ size = 28, label = 'Loading' }: SpinnerProps) {
  const box = <span className="pt-spinner" style={{ width: size, height: size }} aria-hidden="true" />;
  if (!label) return box;
  return (
    <span role="status" className="pt-row">
      {box}
      <span className="pt-visually-hidden">{label}</span>
    </span>
  );
}
