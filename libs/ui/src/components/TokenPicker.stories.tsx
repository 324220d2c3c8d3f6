import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { SAFE_IMAGE } from './storyImages';
import { TokenPicker, TokenPill, type TokenPickerItem } from './TokenPicker';

const ITEMS: TokenPickerItem[] = [
  { key: 'native', symbol: 'ETH', name: 'Ether', balance: '1.234' },
  { key: '0x5fbdb2315678afecb367f032d93f642f64180aa3', symbol: 'tUSD', name: 'Test USD', iconUrl: SAFE_IMAGE, balance: '100.000', address: '0x5fbdb2315678afecb367f032d93f642f64180aa3' },
  { key: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512', symbol: 'PTK', name: 'Portico Token', balance: '0.000', address: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' },
];

/** A pill that opens the picker, and what was picked. */
function PickerDemo() {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState('native');
  const token = ITEMS.find((item) => item.key === picked);
  return open ? (
    <TokenPicker items={ITEMS} current={picked} searchLabel="Search name, symbol or address" noMatch={(q) => `No token matches “${q}”.`} backLabel="Back" onPick={(key) => (setPicked(key), setOpen(false))} onCancel={() => setOpen(false)} testIdPrefix="demo" />
  ) : (
    <TokenPill token={token} label="You pay" placeholder="Select a token" onOpen={() => setOpen(true)} testId="demo-pill" />
  );
}

const meta = { title: 'UI/TokenPicker', component: PickerDemo } satisfies Meta<typeof PickerDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PickBySearchAndKeys: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'You pay: ETH' }));
    const search = canvas.getByRole('searchbox', { name: 'Search name, symbol or address' });
    await expect(canvas.getAllByTestId('demo-token-option')).toHaveLength(3);
    // By name, then by the full address; nothing matching is said.
    await userEvent.type(search, 'portico');
    await expect(canvas.getAllByTestId('demo-token-option').map((row) => row.dataset.key)).toEqual(['0xe7f1725e7734ce288f8367e1bb143e90bb3f0512']);
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    await expect(canvas.getByTestId('demo-no-match')).toHaveTextContent('No token matches “zzz”.');
    await userEvent.clear(search);
    // ↓ from the search reaches the first row; Enter in the search takes the first match.
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getAllByTestId('demo-token-option')[0]).toHaveFocus();
    await userEvent.click(search);
    await userEvent.type(search, 'tusd{Enter}');
    await expect(canvas.getByRole('button', { name: 'You pay: tUSD' })).toBeInTheDocument();
  },
};
