import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { GridIcon } from './icons';
import { ListItem } from './ListItem';
import { SAFE_IMAGE } from './storyImages';

const meta = {
  title: 'UI/ListItem',
  component: ListItem,
  args: { label: 'Acme Wallet', onClick: fn() },
} satisfies Meta<typeof ListItem>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Acme Wallet/ }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const WithImage: Story = { args: { imageSrc: SAFE_IMAGE } };
export const WithTag: Story = { args: { tag: 'Recent' } };
export const WithIcon: Story = { args: { label: 'All Wallets', icon: <GridIcon /> } };
export const Selected: Story = {
  args: { selected: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveAttribute('aria-current', 'true');
  },
};
export const LabelIsText: Story = {
  args: { label: '<img src=x onerror=alert(1)>' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};
