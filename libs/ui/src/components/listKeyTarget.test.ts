// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { LIST_ITEMS, TYPE_AHEAD_MS, listKeyTarget, type ListKeyPress, type TypeAhead } from './listKeyTarget';

const row = (label: string, extra = '') => `<li><button class="pt-list-item"${extra}><span class="pt-list-item-label">${label}</span></button></li>`;

/** Connect's shape: a method, the social icons, wallet rows (one tagged, one disabled, a placeholder), All Wallets, a link row. */
const HTML = `
  <div id="scope">
    ${row('Email')}
    <button class="pt-option" aria-label="Continue with X">X</button>
    <button class="pt-option" aria-label="Continue with Discord">D</button>
    <ul class="pt-list">
      ${row('Demo Wallet')}
      ${row('Demo Wallet (declines)')}
      ${row('Acme Wallet', ' disabled')}
      <li><div class="pt-list-item pt-skeleton"></div></li>
      <li><button class="pt-list-item"><span class="pt-list-item-label">Zed Wallet</span><span class="pt-tag">Recent</span></button></li>
    </ul>
    ${row('All Wallets')}
    <a class="pt-token-row" href="https://explorer.example/tx/1">Sent</a>
    <a class="pt-token-row">No link</a>
    <button id="other">Connect anyway</button>
    <input id="field" />
  </div>`;

let items: HTMLElement[];
let typed: TypeAhead;
let clock: number;
const names = () => items.map((item) => item.querySelector('.pt-list-item-label')?.textContent ?? item.getAttribute('aria-label') ?? item.textContent);
const named = (name: string) => items[names().indexOf(name)]!;

/** Presses `key` on `from`, `ms` after the last press; returns the name of the item focus goes to. */
function press(from: Element, key: string, { ms = 100, rtl = false, ...mods }: Partial<ListKeyPress> & { ms?: number; rtl?: boolean } = {}) {
  clock += ms;
  const next = listKeyTarget({ key, altKey: false, ctrlKey: false, metaKey: false, timeStamp: clock, target: from, ...mods }, items, typed, rtl);
  return next && names()[items.indexOf(next)];
}

beforeEach(() => {
  document.body.innerHTML = HTML;
  items = [...document.querySelectorAll<HTMLElement>(LIST_ITEMS)];
  typed = { text: '', at: 0 };
  clock = 10_000;
});

describe('listKeyTarget', () => {
  it('LIST_ITEMS: rows, social icons and link rows, not disabled rows, placeholders or links without an address', () => {
    expect(names()).toEqual(['Email', 'Continue with X', 'Continue with Discord', 'Demo Wallet', 'Demo Wallet (declines)', 'Zed Wallet', 'All Wallets', 'Sent']);
  });

  it('↓ ↑ step and stay at the ends, Home / End go to the first and the last, from inside an item too', () => {
    expect(press(named('Email'), 'ArrowDown')).toBe('Continue with X');
    expect(press(named('Demo Wallet').firstElementChild!, 'ArrowUp')).toBe('Continue with Discord');
    expect(press(named('Email'), 'ArrowUp')).toBe('Email');
    expect(press(named('Sent'), 'ArrowDown')).toBe('Sent');
    expect(press(named('Demo Wallet'), 'End')).toBe('Sent');
    expect(press(named('Demo Wallet'), 'Home')).toBe('Email');
  });

  it('→ / ← step like ↓ / ↑, mirrored right to left', () => {
    expect(press(named('Continue with X'), 'ArrowRight')).toBe('Continue with Discord');
    expect(press(named('Continue with X'), 'ArrowLeft')).toBe('Email');
    expect(press(named('Continue with X'), 'ArrowLeft', { rtl: true })).toBe('Continue with Discord');
    expect(press(named('Continue with X'), 'ArrowRight', { rtl: true })).toBe('Email');
  });

  it('from a control that is no item, a step goes to the first item', () => {
    const other = document.getElementById('other')!;
    expect(press(other, 'ArrowDown')).toBe('Email');
    expect(press(other, 'ArrowUp')).toBe('Email');
    expect(press(other, 'End')).toBe('Sent');
  });

  it('type-ahead: the same letter walks the names starting with it, letters typed together narrow, a pause starts again', () => {
    expect(press(named('Email'), 'd')).toBe('Demo Wallet');
    expect(press(named('Demo Wallet'), 'd')).toBe('Demo Wallet (declines)');
    expect(press(named('Demo Wallet (declines)'), 'd')).toBe('Demo Wallet');
    // The icon's accessible name, not its letter.
    expect(press(named('Demo Wallet'), 'c', { ms: TYPE_AHEAD_MS })).toBe('Continue with X');
    expect(press(named('Continue with X'), 'O')).toBe('Continue with X');
    expect(press(named('Continue with X'), 'n')).toBe('Continue with X');
    expect(press(named('Continue with X'), 't', { ms: TYPE_AHEAD_MS })).toBeUndefined();
    // The label, not the tag; no match moves nothing.
    expect(press(named('Email'), 'r', { ms: TYPE_AHEAD_MS })).toBeUndefined();
    expect(press(named('Email'), 'z', { ms: TYPE_AHEAD_MS })).toBe('Zed Wallet');
    expect(press(named('Email'), 'a', { ms: TYPE_AHEAD_MS })).toBe('All Wallets');
  });

  it('leaves Tab, Enter, Space, keys with Alt / Ctrl / Meta and keys typed in a text field alone', () => {
    const from = named('Demo Wallet');
    for (const key of ['Tab', 'Enter', ' ', 'Escape', 'PageDown']) expect(press(from, key)).toBeUndefined();
    expect(press(from, 'ArrowDown', { altKey: true })).toBeUndefined();
    expect(press(from, 'End', { ctrlKey: true })).toBeUndefined();
    expect(press(from, 'a', { metaKey: true })).toBeUndefined();
    expect(press(document.getElementById('field')!, 'ArrowDown')).toBeUndefined();
    expect(press(document.getElementById('field')!, 'd')).toBeUndefined();
    expect(listKeyTarget({ key: 'ArrowDown', altKey: false, ctrlKey: false, metaKey: false, timeStamp: 0, target: from }, [], typed)).toBeUndefined();
  });
});
