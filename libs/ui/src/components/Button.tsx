import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

/** Props of `Button`. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

/** A button; `loading` disables it and announces the busy state. */
export function Button({ variant = 'primary', block, loading, icon, children, className, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={['pt-btn', `pt-btn-${variant}`, block ? 'pt-btn-block' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      {loading ? <Spinner size={18} label="" /> : icon}
      {children}
    </button>
  );
}
