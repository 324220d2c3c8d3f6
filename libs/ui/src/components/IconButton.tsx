import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** Props of `IconButton`: the accessible name is required, the icon is decorative. */
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  label: string;
  children: ReactNode;
}

/** A round icon-only button with a required accessible name. */
export function IconButton({ label, children, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button {...rest} type={type} aria-label={label} title={label} className={['pt-icon-btn', className ?? ''].filter(Boolean).join(' ')}>
      {children}
    </button>
  );
}
