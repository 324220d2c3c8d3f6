import type { ReactNode } from 'react';

/** Props of `AlertBanner`. */
export interface AlertBannerProps {
  severity: 'info' | 'warning' | 'error';
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** An inline alert; errors and warnings are announced assertively, info politely. */
export function AlertBanner({ severity, title, children, action }: AlertBannerProps) {
  return (
    <div className={`pt-alert pt-alert-${severity}`} role={severity === 'info' ? 'status' : 'alert'}>
      <div style={{ flex: 1 }}>
        <p className="pt-alert-title">{title}</p>
        {children ? <div className="pt-alert-body">{children}</div> : null}
      </div>
      {action}
    </div>
  );
}
