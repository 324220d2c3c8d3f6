import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from './Button';
import { TextField, type TextFieldProps } from './TextField';

/** Props of `AmountField`. */
export interface AmountFieldProps extends TextFieldProps {
  /** The Max button's text ("Max", "الحد الأقصى"). */
  maxLabel: string;
  onMax(): void;
  maxDisabled?: boolean;
  maxTestId?: string;
}

/**
 * An amount as wallets show it: a large field (its label visually hidden) with Max inside it at
 * the end. The field keeps its text clear of the button, however long the button's word is in
 * the modal's language (its width is measured once the word is there).
 */
export function AmountField({ maxLabel, onMax, maxDisabled, maxTestId, style, ...field }: AmountFieldProps) {
  const box = useRef<HTMLDivElement>(null);
  const [inset, setInset] = useState(64);
  useLayoutEffect(() => {
    const width = box.current?.querySelector<HTMLElement>('[data-max]')?.offsetWidth;
    if (width) setInset(width + 12);
  }, [maxLabel]);
  return (
    <div ref={box} style={{ flex: 1, position: 'relative', minWidth: 0 }}>
      <TextField hideLabel placeholder="0" inputMode="decimal" autoComplete="off" {...field} style={{ width: '100%', boxSizing: 'border-box', fontSize: 20, paddingInlineEnd: inset, ...style }} />
      <Button variant="secondary" data-max="" onClick={onMax} disabled={maxDisabled} data-testid={maxTestId} style={{ position: 'absolute', insetInlineEnd: 6, top: 6, minHeight: 32, paddingInline: 10 }}>
        {maxLabel}
      </Button>
    </div>
  );
}
