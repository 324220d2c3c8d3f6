import type { PluginDefinition } from '@portico/kernel';
import { useObservable, type Portico } from '@portico/react';
import type { Setup } from './App';
import { testWallets } from './evm';
import type { TestWalletMode } from '@portico/chain-eip155/testing';
import { useState } from 'react';

/** Run-time controls: plugins, flags, theme, accent, locale, networks, projectId. */
export function ControlPanel({ portico, setup, onSetup, everyPlugin, networkIds }: { portico: Portico; setup: Setup; onSetup(s: Setup): void; everyPlugin: PluginDefinition[]; networkIds: string[] }) {
  const [walletMode, setWalletMode] = useState<TestWalletMode>({});
  const changeMode = (mode: TestWalletMode) => {
    setWalletMode(mode);
    testWallets?.wallet.setMode(mode);
    testWallets?.noUi.setMode(mode);
  };
  const flags = useObservable(portico.kernel.flags);
  const theme = useObservable(portico.theme);
  const i18n = useObservable(portico.i18n);
  const toggle = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));
  return (
    <section aria-labelledby="controls-title" className="card">
      <h2 id="controls-title">Controls</h2>
      <fieldset>
        <legend>Theme</legend>
        <label>
          Mode{' '}
          <select value={theme.mode} onChange={(e) => portico.theme.setMode(e.target.value as 'light' | 'dark' | 'system')}>
            <option value="system">system</option>
            <option value="light">light</option>
            <option value="dark">dark</option>
          </select>
        </label>{' '}
        <label>
          Accent <input type="color" value={theme.variables.accent ?? '#3b5bdb'} onChange={(e) => portico.theme.setVariables({ ...theme.variables, accent: e.target.value })} />
        </label>{' '}
        <label>
          Radius{' '}
          <select value={theme.variables.borderRadius ?? '16px'} onChange={(e) => portico.theme.setVariables({ ...theme.variables, borderRadius: e.target.value })}>
            {['0px', '8px', '16px', '24px'].map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
      </fieldset>
      {testWallets ? (
        <fieldset>
          <legend>Test wallet (EVM)</legend>
          <label className="check">
            <input type="checkbox" checked={!!walletMode.reject} onChange={(e) => changeMode({ ...walletMode, reject: e.target.checked })} /> declines every prompt
          </label>
          <label className="check">
            <input type="checkbox" checked={!!walletMode.slowMs} onChange={(e) => changeMode({ ...walletMode, slowMs: e.target.checked ? 1500 : 0 })} /> slow (1.5 s)
          </label>
        </fieldset>
      ) : null}
      <fieldset>
        <legend>Locale</legend>
        <select aria-label="Locale" value={i18n.locale} onChange={(e) => void portico.i18n.setLocale(e.target.value)}>
          <option value="auto">Browser (auto)</option>
          <option value="en">English</option>
          <option value="ar">العربية (RTL)</option>
          <option value="he">עברית (RTL)</option>
          <option value="fa">فارسی (RTL)</option>
          <option value="zh-CN">简体中文</option>
          <option value="zh-TW">繁體中文</option>
          <option value="ja">日本語</option>
          <option value="ko">한국어</option>
          <option value="es">Español</option>
          <option value="pt">Português</option>
          <option value="fr">Français</option>
          <option value="de">Deutsch</option>
          <option value="ru">Русский</option>
          <option value="tr">Türkçe</option>
        </select>
      </fieldset>
      <fieldset>
        <legend>Feature flags</legend>
        {[...flags.values()].map((flag) => (
          <label key={flag.id} className="check">
            <input type="checkbox" checked={flag.value} onChange={(e) => portico.kernel.setFeature(flag.id, e.target.checked)} /> {flag.id} <small>({flag.source})</small>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Plugins (recreates the instance)</legend>
        {everyPlugin.map((p) => (
          <label key={p.manifest.id} className="check">
            <input type="checkbox" checked={setup.plugins.includes(p.manifest.id)} onChange={(e) => onSetup({ ...setup, plugins: toggle(setup.plugins, p.manifest.id, e.target.checked) })} /> {p.manifest.id}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Networks</legend>
        {networkIds.map((id) => (
          <label key={id} className="check">
            <input type="checkbox" checked={setup.networks.includes(id)} onChange={(e) => onSetup({ ...setup, networks: toggle(setup.networks, id, e.target.checked) })} /> {id}
          </label>
        ))}
        <label className="check">
          <input type="checkbox" checked={setup.projectId === ''} onChange={(e) => onSetup({ ...setup, projectId: e.target.checked ? '' : 'playground-project' })} /> no projectId
        </label>
      </fieldset>
    </section>
  );
}
