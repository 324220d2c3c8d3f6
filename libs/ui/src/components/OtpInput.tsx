import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

/** Props of `OtpInput`. */
export interface OtpInputProps {
  length?: number;
  value: string;
  onChange(value: string): void;
  /** Accessible name of the group, e.g. "Verification code". */
  label: string;
  disabled?: boolean;
}

/**
 * One-time-passcode boxes: digits only, auto-advance, Backspace goes back, arrows move,
 * pasting a whole code fills every box. Always left-to-right, also in RTL locales.
 */
export function OtpInput({ length = 6, value, onChange, label, disabled }: OtpInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');
  const focus = (i: number) => refs.current[Math.max(0, Math.min(length - 1, i))]?.focus();

  const set = (i: number, digit: string) => {
    const next = digits.slice();
    next[i] = digit;
    onChange(next.join('').slice(0, length));
  };

  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i]) {
      e.preventDefault();
      set(i - 1, '');
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, length);
    if (!pasted) return;
    e.preventDefault();
    onChange(pasted);
    focus(pasted.length);
  };

  return (
    <div role="group" aria-label={label} className="pt-otp">
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          value={digit}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={`${label} ${i + 1}/${length}`}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste}
          onChange={(e) => {
            const digit = e.target.value.replace(/\D/g, '').slice(-1);
            set(i, digit);
            if (digit) focus(i + 1);
          }}
        />
      ))}
    </div>
  );
}
