import type { ChainAdapter, Network } from '@portico/kernel';
import { fetchPublicJson } from '@portico/kernel/http';
import { describeError, formatBalance, formatDecimal, useAccount, useLoaded, usePluginT, usePortico, useStepFocus, useT, useViewTitle, type ViewProps } from '@portico/react';
import { Avatar, Button, Spinner, TextField } from '@portico/ui';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { isRestrictedTimeZone, onrampSettingsRef, type OnrampProviderId, type OnrampSettings } from './api';
import { messages } from './messages';
import { coinbaseOnrampUrl, coinbaseTokenRequest, meldOnrampUrl, onrampAsset, type OnrampAssetNames, type OnrampOrder } from './urls';

/** "0.033000" → "0.033", "12.0" → "12". */
const trimZeros = (decimal: string) => (decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal);

const PROVIDERS: Readonly<Record<OnrampProviderId, string>> = { coinbase: 'Coinbase', meld: 'Meld' };
/** Coinbase's mark (a white C on its blue) when the host names no logo; Meld shows its initial without one. */
const COINBASE_MARK = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#0052ff"/><path d="M16 24a8 8 0 1 1 7.9-9.3h-4.1a4 4 0 1 0 0 2.6h4.1A8 8 0 0 1 16 24z" fill="#fff"/></svg>')}`;

/** The host quote endpoint's answer. */
const quotesResponse = z.object({
  quotes: z.array(z.object({ provider: z.string(), cryptoAmount: z.string().check(z.refine((v) => /^\d{1,30}(\.\d{1,30})?$/.test(v), 'Invalid format')), fee: z.string().check(z.refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), 'Invalid format')) })),
});
/** The session-token endpoint's answer (Coinbase's `{ token }`). */
const tokenResponse = z.object({ token: z.string().check(z.refine((v) => /^[\x21-\x7e]{1,2000}$/.test(v), 'Invalid format')) });

type Quotes = { state: 'idle' | 'loading' } | { state: 'ready'; byProvider: Partial<Record<OnrampProviderId, { cryptoAmount: string; fee: string }>> } | { state: 'error'; reason: string };
type Step = { name: 'form' } | { name: 'buying'; provider: OnrampProviderId; url: string; baseline: bigint; blocked: boolean } | { name: 'arrived'; amount: bigint };

/**
 * Buy: an amount and a currency, the configured providers with their quotes (or their fee
 * range), the provider's widget in a popup; then "buy in progress", reading the balance until
 * the funds arrive, and the new balance.
 */
export default function OnRampView(_props: ViewProps) {
  const portico = usePortico('OnRampView');
  const p = usePluginT(messages);
  const { namespace, caipAddress, networkId } = useAccount();
  const settings = useLoaded(portico.kernel.hasService(onrampSettingsRef) ? portico.kernel.getService(onrampSettingsRef) : undefined);
  const network = portico.network(networkId);
  const adapter = namespace ? portico.adapter(namespace) : undefined;
  if (settings === undefined && caipAddress) {
    return (
      <p className="pt-row pt-muted" role="status" data-testid="onramp-loading">
        <Spinner size={16} label="" /> {p('onramp.loading')}
      </p>
    );
  }
  if (settings instanceof Error) {
    return (
      <p className="pt-error" role="alert" data-testid="onramp-unavailable">
        {p('onramp.error.options', { reason: settings.message })}
      </p>
    );
  }
  if (isRestrictedTimeZone(settings?.timeZone)) {
    return (
      <p className="pt-muted" role="status" data-testid="onramp-unavailable">
        {p('onramp.restricted')}
      </p>
    );
  }
  if (!settings || !caipAddress || !network || !adapter?.getBalance || (namespace !== 'eip155' && namespace !== 'solana') || (!settings.coinbase && !settings.meld)) {
    return (
      <p className="pt-muted" role="status" data-testid="onramp-unavailable">
        {p('onramp.unavailable')}
      </p>
    );
  }
  const names = onrampAsset(network.caipNetworkId, settings.networks);
  if (!names) {
    return (
      <p className="pt-muted" role="status" data-testid="onramp-unavailable">
        {p('onramp.unavailableNetwork', { network: network.name })}
      </p>
    );
  }
  return <Buy key={`${caipAddress}|${network.caipNetworkId}`} caipAddress={caipAddress} network={network} adapter={adapter} settings={settings} names={names} />;
}

function Buy({ caipAddress, network, adapter, settings, names }: { caipAddress: string; network: Network; adapter: ChainAdapter; settings: OnrampSettings; names: OnrampAssetNames }) {
  const portico = usePortico('OnRampView');
  const t = useT();
  const p = usePluginT(messages);
  const [amountText, setAmountText] = useState('100');
  const [currency, setCurrency] = useState(settings.currencies[0]!);
  const [answer, setAnswer] = useState<{ key: string; result: Quotes } | undefined>(undefined);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [error, setError] = useState<string | undefined>(undefined);
  const [opening, setOpening] = useState<OnrampProviderId | undefined>(undefined);
  const symbol = network.nativeCurrency.symbol;
  const decimals = network.nativeCurrency.decimals;
  const amount = /^\d{1,9}(?:[.,]\d{1,2})?$/.test(amountText.trim()) && Number(amountText.trim().replace(',', '.')) > 0 ? amountText.trim().replace(',', '.') : undefined;
  const providers = (['coinbase', 'meld'] as const).filter((id) => settings[id]);
  const address = caipAddress.split(':')[2]!;
  // Moving between steps replaces the focused control: focus goes to the new step's first one.
  const stepRoot = useStepFocus(step.name);
  // The header follows the order: choosing a provider, then the buy in progress, then what arrived.
  useViewTitle(step.name === 'buying' ? p('onramp.inProgress') : step.name === 'arrived' ? p('onramp.arrived', { amount: formatBalance(step.amount, decimals, 3, t.locale), symbol }) : undefined);

  const quoteKey = settings.quoteUrl && amount !== undefined ? `${amount}|${currency}` : undefined;
  const quotes: Quotes = quoteKey === undefined ? { state: 'idle' } : answer?.key === quoteKey ? answer.result : { state: 'loading' };
  // Quotes for the amount, 500 ms after it last changed (the spec's debounce); an answer for an older amount is dropped.
  useEffect(() => {
    if (quoteKey === undefined || amount === undefined) return;
    let live = true;
    const timer = setTimeout(() => {
      const url = new URL(settings.quoteUrl!);
      // The providers' own names too, so that the host's server asks each for the right asset.
      for (const [key, value] of Object.entries({ amount, currency, asset: symbol, network: network.caipNetworkId, address, coinbaseAsset: names.coinbaseAsset, coinbaseNetwork: names.coinbaseNetwork, meldCode: names.meldCode })) url.searchParams.set(key, value);
      fetchPublicJson(url.toString(), { maxBytes: 100_000 })
        .then((body) => {
          const parsed = quotesResponse.safeParse(body);
          if (!parsed.success) throw new Error('the quote service answered with an unexpected shape');
          const byProvider: Partial<Record<OnrampProviderId, { cryptoAmount: string; fee: string }>> = {};
          for (const quote of parsed.data.quotes) if (quote.provider === 'coinbase' || quote.provider === 'meld') byProvider[quote.provider] = quote;
          if (live) setAnswer({ key: quoteKey, result: { state: 'ready', byProvider } });
        })
        .catch((reason: unknown) => live && setAnswer({ key: quoteKey, result: { state: 'error', reason: describeError(reason, t).message } }));
    }, 500);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- amount and currency (the key) are what quotes depend on
  }, [quoteKey]);

  // While a purchase is in progress: the balance, every `pollMs`, until it grows.
  useEffect(() => {
    if (step.name !== 'buying') return;
    let live = true;
    const { baseline } = step;
    const poll = async () => {
      while (live) {
        await new Promise((resolve) => setTimeout(resolve, settings.pollMs));
        const now = await adapter.getBalance!(caipAddress, network).catch(() => undefined);
        if (!live) return;
        if (now && now.value > baseline) {
          portico.refreshBalances();
          return setStep({ name: 'arrived', amount: now.value - baseline });
        }
      }
    };
    void poll();
    return () => {
      live = false;
    };
  }, [step, adapter, caipAddress, network, portico, settings.pollMs]);

  async function open(provider: OnrampProviderId) {
    if (amount === undefined) return setError(p('onramp.error.amount'));
    setError(undefined);
    setOpening(provider);
    // Opened at once, in the click, so no popup blocker stops it; the URL follows.
    const popup = window.open('about:blank', 'portico-onramp', 'popup=yes,width=500,height=720');
    try {
      const order: OnrampOrder = { address, networkId: network.caipNetworkId, symbol, fiatAmount: amount, fiatCurrency: currency, redirectUrl: settings.redirectUrl ?? location.origin };
      let url: string;
      if (provider === 'coinbase') {
        const answer = tokenResponse.safeParse(await fetchPublicJson(settings.coinbase!.sessionTokenUrl, { body: coinbaseTokenRequest(order, names), maxBytes: 100_000 }));
        if (!answer.success) throw new Error('the session-token endpoint answered without a token');
        url = coinbaseOnrampUrl(order, names, answer.data.token, settings.coinbase!.widgetUrl);
      } else url = meldOnrampUrl(order, names, settings.meld!.publicKey, settings.meld!.widgetUrl);
      const baseline = (await adapter.getBalance!(caipAddress, network)).value;
      if (popup) {
        popup.opener = null;
        popup.location.href = url;
      }
      setStep({ name: 'buying', provider, url, baseline, blocked: !popup });
    } catch (reason) {
      popup?.close();
      setError(p('onramp.error.open', { provider: PROVIDERS[provider], reason: describeError(reason, t).message }));
    } finally {
      setOpening(undefined);
    }
  }

  if (step.name === 'arrived') {
    return (
      <div className="pt-center" data-testid="onramp-arrived" ref={stepRoot}>
        <p role="status" style={{ margin: 0, fontWeight: 600 }}>
          {p('onramp.arrived', { amount: formatBalance(step.amount, decimals, 3, t.locale), symbol })}
        </p>
        <Button block onClick={() => portico.kernel.router.back()}>
          {p('onramp.done')}
        </Button>
      </div>
    );
  }

  if (step.name === 'buying') {
    const name = PROVIDERS[step.provider];
    return (
      <div className="pt-center" data-testid="onramp-buying" ref={stepRoot}>
        <p role="status" className="pt-row" style={{ margin: 0, fontWeight: 600 }}>
          <Spinner size={16} label="" /> {p('onramp.inProgress')}
        </p>
        {step.blocked ? (
          <p className="pt-error" role="alert" style={{ margin: 0 }}>
            {p('onramp.popupBlocked', { provider: name })}
          </p>
        ) : null}
        <p className="pt-muted" style={{ margin: 0 }}>
          {p('onramp.inProgressHint', { provider: name, symbol })}
        </p>
        <a href={step.url} target="_blank" rel="noopener noreferrer" data-testid="onramp-open-again">
          {p('onramp.openAgain', { provider: name })}
        </a>
        <Button variant="secondary" block onClick={() => setStep({ name: 'form' })}>
          {p('onramp.stop')}
        </Button>
      </div>
    );
  }

  return (
    <div className="pt-stack" data-testid="onramp-form" ref={stepRoot}>
      <div className="pt-row" style={{ alignItems: 'flex-end' }}>
        <TextField label={p('onramp.amount')} inputMode="decimal" autoComplete="off" value={amountText} onChange={(e) => setAmountText(e.target.value)} error={amount === undefined ? p('onramp.error.amount') : undefined} data-testid="onramp-amount" />
        <div className="pt-field">
          <label className="pt-label" htmlFor="pt-onramp-currency">
            {p('onramp.currency')}
          </label>
          <select id="pt-onramp-currency" className="pt-input" value={currency} onChange={(e) => setCurrency(e.target.value)} data-testid="onramp-currency">
            {settings.currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      <h3 className="pt-label" style={{ margin: 0 }}>
        {p('onramp.providers', { symbol })}
      </h3>
      <ul className="pt-stack" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-busy={quotes.state === 'loading'}>
        {providers.map((id) => {
          const quote = quotes.state === 'ready' ? quotes.byProvider[id] : undefined;
          // With quotes from more than one provider, the one giving the most crypto for the amount is marked.
          const quoted = quotes.state === 'ready' ? providers.flatMap((other) => (quotes.byProvider[other] ? [Number(quotes.byProvider[other].cryptoAmount)] : [])) : [];
          const best = quote !== undefined && quoted.length > 1 && Number(quote.cryptoAmount) === Math.max(...quoted);
          const fiat = (value: string) => new Intl.NumberFormat(t.locale, { style: 'currency', currency }).format(Number(value));
          // A quote: what arrives, with the fee under it (the separator only for assistive tech and text copies).
          const detail =
            quotes.state === 'loading' ? p('onramp.quoting') : quote ? (
              <>
                <span dir="ltr" style={{ color: 'var(--pt-fg)', fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {p('onramp.quote', { amount: formatDecimal(trimZeros(quote.cryptoAmount), t.locale, Math.min(6, trimZeros(quote.cryptoAmount).split('.')[1]?.length ?? 0)), symbol })}
                </span>
                <span className="pt-visually-hidden"> · </span>
                <span style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{p('onramp.fee', { fee: fiat(quote.fee) })}</span>
              </>
            ) : quotes.state === 'ready' ? p('onramp.noQuote') : p('onramp.feeRange');
          return (
            <li key={id}>
              <Button variant="secondary" block loading={opening === id} disabled={amount === undefined || opening !== undefined} onClick={() => void open(id)} data-testid={`onramp-provider-${id}`}>
                <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', width: '100%', gap: 8 }}>
                  <span className="pt-row" style={{ gap: 8 }}>
                    <Avatar src={settings[id]?.logoUrl ?? (id === 'coinbase' ? COINBASE_MARK : undefined)} name={PROVIDERS[id]} size={24} />
                    {PROVIDERS[id]}
                    {best ? (
                      <span className="pt-tag" data-testid={`onramp-best-${id}`}>
                        {p('onramp.best')}
                      </span>
                    ) : null}
                  </span>
                  <span className="pt-muted" style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', textAlign: 'end' }} data-testid={`onramp-quote-${id}`}>
                    {detail}
                  </span>
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
      {quotes.state === 'error' ? (
        <p className="pt-muted" role="status" data-testid="onramp-quotes-error">
          {p('onramp.error.quotes', { reason: quotes.reason })}
        </p>
      ) : null}
      {error ? (
        <p className="pt-error" role="alert" data-testid="onramp-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
