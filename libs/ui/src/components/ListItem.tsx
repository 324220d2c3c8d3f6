import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Avatar } from './Avatar';

/** Props of `ListItem`. */
export interface ListItemProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  imageSrc?: string | undefined;
  icon?: ReactNode;
  tag?: string | undefined;
  selected?: boolean;
}

/** A full-width row button: image, label (rendered as text, never HTML) and an optional tag. */
export function ListItem({ label, imageSrc, icon, tag, selected, className, type = 'button', ...rest }: ListItemProps) {
  return (
    <button {...rest} type={type} aria-current={selected || undefined} className={['pt-list-item', className ?? ''].filter(Boolean).join(' ')}>
      {icon ?? <Avatar src={imageSrc} name={label} />}
      {/* dir="auto": a Latin name in a right-to-left modal keeps its start, and is cut at its end. */}
      <span className="pt-list-item-label" dir="auto">
        {label}
      </span>
      {tag ? <span className="pt-tag">{tag}</span> : null}
    </button>
  );
}
