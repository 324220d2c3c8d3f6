import { describeError, formatBalance, TransactionId, useAccount, useBackToStep, useBalance, useObservable, usePluginT, usePortico, useStepFocus, useT, useTokens, useViewTitle, type ViewProps } from '@portico/react';
import { Button, Spinner, TokenPicker, type TokenPickerItem } from '@portico/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { messages } from './messages';
import { SendForm } from './SendForm';
import { accountKey, createSendFlow, exactAmount, explorerLink, feeAmount, selectedAsset, sendAssets, shownStep, watchTransferStatus, type SendContext, type SendMessage, type TransferStatus as Status } from './sendFlow';

/**
 * Send: pick a token the account holds, an amount (Max leaves the network fee for native
 * transfers) and a recipient the namespace's adapter accepts; the review shows the network fee
 * and refuses what the balance cannot pay before the wallet is asked; the wallet confirms; the
 * result links to the network's explorer. The steps live in `createSendFlow`; this renders them.
 */
export default function SendView(_props: ViewProps) {
  const portico = usePortico('SendView');
  const t = useT();
  const p = usePluginT(messages);
  const { namespace, caipAddress, networkId } = useAccount();
  const network = portico.network(networkId);
  const adapter = namespace ? portico.adapter(namespace) : undefined;
  const { data: tokens } = useTokens();
  const { data: native } = useBalance();
  const [flow] = useState(() => createSendFlow({ refreshBalances: () => portico.refreshBalances() }));
  const state = useObservable(flow.state);
  const { amountText, recipient, errors } = state;
  // A step belongs to the account and network it was made for: after a switch, the form again.
  const step = shownStep(state, accountKey(caipAddress, networkId));
  // Moving between steps replaces the focused control: focus goes to the new step's first one.
  const stepRoot = useStepFocus(step.name === 'sending' ? 'review' : step.name);
  const [picking, setPicking] = useState(false);

  if (!network || !adapter?.sendTransfer || !caipAddress) return <p className="pt-muted">{p('send.unavailable')}</p>;
  const context: SendContext = { adapter, network, account: caipAddress, ...sendAssets(tokens, native, network.nativeCurrency.name, network.tokens) };
  const asset = selectedAsset(context.assets, state.assetKey);
  // The native currency wears its network's mark when the wallet gives it no image.
  const iconOf = (a: { key: string; iconUrl?: string | undefined }) => a.iconUrl ?? (a.key === 'native' ? network.imageUrl : undefined);
  const say = (message: SendMessage | undefined) =>
    message === undefined ? undefined : 'error' in message ? describeError(message.error, t).message : p(message.key, 'reason' in message ? { reason: describeError(message.reason, t).message } : message.vars);
  const formError = errors.form ? (
    <p className="pt-error" role="alert" data-testid="send-error">
      {say(errors.form)}
    </p>
  ) : null;

  if (step.name === 'sent') {
    const explorer = explorerLink(network, step.id);
    return (
      <div className="pt-center" data-testid="send-sent" ref={stepRoot}>
        <p role="status" style={{ margin: 0, fontWeight: 600 }}>
          {p('send.sent', { amount: exactAmount(step.amount, step.asset.decimals, t.locale), symbol: step.asset.symbol })}
        </p>
        {step.id ? (
          <>
            <TransferStatus id={step.id} p={p} />
            <TransactionId id={step.id} testId="send-id" />
          </>
        ) : (
          <p className="pt-muted" role="status" style={{ margin: 0 }} data-testid="send-status">
            {p('send.status.pending')}
          </p>
        )}
        {explorer ? (
          <a href={explorer.url} target="_blank" rel="noopener noreferrer" data-testid="send-explorer">
            {p('send.explorer', { explorer: explorer.name })}
          </a>
        ) : null}
        <Button block onClick={() => portico.kernel.router.back()}>
          {p('send.done')}
        </Button>
      </div>
    );
  }

  if (step.name === 'review' || step.name === 'sending') {
    return (
      <div data-testid="send-review" ref={stepRoot}>
        <dl className="pt-stack" style={{ margin: 0 }}>
          <Row label={p('send.amount')} testId="send-review-amount" ltr>
            {exactAmount(step.amount, step.asset.decimals, t.locale)} {step.asset.symbol}
          </Row>
          <Row label={p('send.to')} testId="send-review-to" ltr>
            {step.to}
          </Row>
          <Row label={p('send.network')}>{network.name}</Row>
          <Row label={p('send.fee')} testId="send-review-fee" ltr>
            ≈ {feeAmount(step.fee, t.locale)} {step.fee.symbol}
          </Row>
        </dl>
        {formError}
        <div className="pt-row">
          <Button variant="secondary" block disabled={step.name === 'sending'} onClick={flow.back}>
            {p('send.back')}
          </Button>
          <Button block loading={step.name === 'sending'} onClick={() => void flow.send(context)} data-testid="send-confirm">
            {step.name === 'sending' ? p('send.confirmInWallet') : p('send.send')}
          </Button>
        </div>
      </div>
    );
  }

  if (picking) {
    return (
      <SendAssetPicker
        items={context.assets.map((a) => ({ key: a.key, symbol: a.symbol, name: a.name, iconUrl: iconOf(a), address: a.token, balance: formatBalance(a.balance, a.decimals, 3, t.locale) }))}
        current={asset?.key}
        onPick={(assetKey) => (flow.edit({ assetKey }), setPicking(false))}
        onCancel={() => setPicking(false)}
      />
    );
  }
  if (!asset) {
    return (
      <p className="pt-row pt-muted" role="status" data-testid="send-loading">
        <Spinner size={16} label="" /> {p('send.loading')}
      </p>
    );
  }
  return (
    <SendForm
      asset={asset}
      iconUrl={iconOf(asset)}
      amountText={amountText}
      recipient={recipient}
      amountError={say(errors.amount)}
      toError={say(errors.to)}
      formError={formError}
      busy={state.busy}
      stepRoot={stepRoot}
      onSubmit={() => void flow.review(context)}
      onPick={() => setPicking(true)}
      onMax={() => void flow.max(context)}
      onEdit={(patch) => flow.edit(patch)}
    />
  );
}

/** Until the network says: waiting, then confirmed, failed on chain or dropped (`watchTransferStatus`). */
function TransferStatus({ id, p }: { id: string; p: ReturnType<typeof usePluginT> }) {
  const portico = usePortico('SendView');
  const { namespace, networkId } = useAccount();
  const [status, setStatus] = useState<Status>('pending');
  useEffect(() => {
    const adapter = namespace ? portico.adapter(namespace) : undefined;
    const network = portico.network(networkId);
    if (!adapter || !network) return;
    return watchTransferStatus({ adapter, network, id, onStatus: setStatus, onSettled: () => portico.refreshBalances() });
  }, [id, portico, namespace, networkId]);
  return (
    <p className={status === 'pending' || status === 'confirmed' ? 'pt-muted' : 'pt-error'} role={status === 'failed' || status === 'dropped' ? 'alert' : 'status'} style={{ margin: 0 }} data-testid="send-status" data-status={status}>
      {p(`send.status.${status}`)}
    </p>
  );
}

/** One line of the review: a label and a value (addresses and amounts kept left to right). */
function Row({ label, testId, ltr, children }: { label: string; testId?: string; ltr?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt className="pt-label">{label}</dt>
      <dd style={{ margin: 0, overflowWrap: 'anywhere' }} dir={ltr ? 'ltr' : undefined} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Choosing what to send (`TokenPicker`), titled "Select a token"; Back (its own or the header's) returns to the form. */
function SendAssetPicker({ items, current, onPick, onCancel }: { items: readonly TokenPickerItem[]; current: string | undefined; onPick(key: string): void; onCancel(): void }) {
  const p = usePluginT(messages);
  const root = useStepFocus('pick');
  useViewTitle(p('send.pick'));
  useBackToStep(onCancel);
  return <TokenPicker items={items} current={current} searchLabel={p('send.search')} noMatch={(query) => p('send.noMatch', { query })} backLabel={p('send.back')} onPick={onPick} onCancel={onCancel} testIdPrefix="send" rootRef={root} />;
}
