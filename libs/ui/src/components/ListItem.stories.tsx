import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
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
export const WithImage: Story = {
  args: { imageSrc: SAFE_IMAGE },
  play: async ({ canvasElement }) => {
    // The image is decorative: the name stays the label alone.
    const button = within(canvasElement).getByRole('button', { name: 'Acme Wallet' });
    const img = button.querySelector('img')!;
    await expect(img).toHaveAttribute('src', SAFE_IMAGE);
    await expect(img).toHaveAttribute('alt', '');
    await waitFor(() => expect(img.style.opacity).toBe(''));
  },
};

export const WithTag: Story = {
  args: { tag: 'Recent' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Acme Wallet Recent' });
    await expect(within(button).getByText('Recent')).toHaveClass('pt-tag');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const WithIcon: Story = {
  args: { label: 'All Wallets', icon: <GridIcon /> },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'All Wallets' });
    // The icon replaces the avatar: no placeholder initial next to it.
    await expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await expect(button.querySelector('.pt-avatar')).toBeNull();
  },
};
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
