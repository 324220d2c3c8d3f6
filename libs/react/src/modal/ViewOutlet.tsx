import type { ViewModule } from '@portico/kernel';
import { Button, Spinner } from '@portico/ui';
import { Component, memo, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBanner } from '../errors/ErrorBanner';
import { cataloguesDefined, toError, translationsSettled } from '@portico/core';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

/** Props every view component receives. */
export interface ViewProps {
  params?: unknown;
}

type LoadState = { status: 'loading' } | { status: 'ready'; view: ComponentType<ViewProps> } | { status: 'failed'; error: Error };

class RenderBoundary extends Component<{ fallback: (error: Error, reset: () => void) => ReactNode; children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error, () => this.setState({ error: undefined })) : this.props.children;
  }
}

/**
 * Renders a contributed view, loading its (lazy) module through the kernel. A load or
 * render failure shows an error with a retry button, never a blank modal. Memoized: the shell
 * re-rendering (the open of a prepared shell, a title or an alert) does not re-render the view.
 */
export const ViewOutlet = memo(function ViewOutlet({ viewId, params }: { viewId: string; params?: unknown }) {
  const { kernel } = usePortico('ViewOutlet');
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: LoadState }>({ key: '', value: { status: 'loading' } });
  const key = `${viewId}#${attempt}`;
  // A view loaded before (preloaded on idle, or visited) renders in this very render: no
  // spinner frame and no promise turn between a click and the view.
  const cached = attempt === 0 ? kernel.peekView(viewId) : undefined;

  useEffect(() => {
    if (cached) return;
    let live = true;
    // A plugin view's strings in the language shown: its module starts loading them as it is evaluated.
    const since = cataloguesDefined();
    kernel.loadView(viewId).then((module: ViewModule) => translationsSettled(since).then(() => module)).then(
      (module: ViewModule) => live && setState({ key, value: { status: 'ready', view: module.default as ComponentType<ViewProps> } }),
      (error: unknown) => live && setState({ key, value: { status: 'failed', error: toError(error) } }),
    );
    return () => {
      live = false;
    };
  }, [kernel, viewId, key, cached]);

  const current: LoadState =
    state.key === key ? state.value : cached ? { status: 'ready', view: cached.default as ComponentType<ViewProps> } : { status: 'loading' };
  const failure = (error: Error, retry: () => void) => (
    <div className="pt-stack" data-testid="view-error">
      <ErrorBanner error={error} title={t('view.loadFailed')} />
      <Button variant="secondary" onClick={retry}>
        {t('view.retry')}
      </Button>
    </div>
  );

  if (current.status === 'loading') {
    return (
      <div className="pt-center" data-view-loading={viewId}>
        <Spinner label={t('view.loading')} />
      </div>
    );
  }
  if (current.status === 'failed') return failure(current.error, () => setAttempt((n) => n + 1));
  const View = current.view;
  return (
    <RenderBoundary key={key} fallback={(error, reset) => failure(error, () => (reset(), setAttempt((n) => n + 1)))}>
      <View params={params} />
    </RenderBoundary>
  );
});
