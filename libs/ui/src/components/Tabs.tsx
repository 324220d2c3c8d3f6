import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One tab. */
export interface TabItem {
  id: string;
  label: string;
}

/** Props of `Tabs`. */
export interface TabsProps {
  tabs: readonly TabItem[];
  selected: string;
  onSelect(id: string): void;
  label: string;
  children: ReactNode;
}

/** WAI-ARIA tabs: roving tabindex, arrow keys / Home / End move and select. */
export function Tabs({ tabs, selected, onSelect, label, children }: TabsProps) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const index = Math.max(0, tabs.findIndex((t) => t.id === selected));

  const onKeyDown = (e: KeyboardEvent) => {
    const rtl = (e.currentTarget as HTMLElement).closest('[dir]')?.getAttribute('dir') === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    refs.current[tab.id]?.focus();
  };

  return (
    <div className="pt-stack">
      <div role="tablist" aria-label={label} className="pt-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="pt-tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${tabs[index]?.id ?? ''}`} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
