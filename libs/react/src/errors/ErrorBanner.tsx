import { AlertBanner } from '@portico/ui';
import type { ReactNode } from 'react';
import { useT } from '../hooks/useT';
import { describeError } from '@portico/core';

/** Props of `ErrorBanner`. */
export interface ErrorBannerProps {
  /** Anything thrown: described with `describeError` in the modal's language. */
  error: unknown;
  /** A title of the view's own (e.g. "Connection declined"); the description's title by default. */
  title?: string;
  action?: ReactNode;
}

/** An error alert in the user's words, never the thrown value's developer message. */
export function ErrorBanner({ error, title, action }: ErrorBannerProps) {
  const t = useT();
  const description = describeError(error, t);
  return (
    <AlertBanner severity="error" title={title ?? description.title} action={action}>
      {description.message}
    </AlertBanner>
  );
}
