import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { SAFE_IMAGE } from './storyImages';
import { TokenRow } from './TokenRow';

const meta = {
  title: 'UI/TokenRow',
  component: TokenRow,
  args: { name: 'Ether', symbol: 'ETH', quantity: '1.234', value: '$4,321.00' },
} satisfies Meta<typeof TokenRow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithValue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1.234 ETH')).toBeInTheDocument();
    await expect(canvas.getByText('$4,321.00')).toBeInTheDocument();
  },
};
export const WithIcon: Story = {
  args: { iconUrl: SAFE_IMAGE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const img = canvasElement.querySelector('.pt-token-row .pt-avatar img') as HTMLImageElement;
    await expect(img).toHaveAttribute('src', SAFE_IMAGE);
    await expect(img).toHaveAttribute('width', '32');
    await waitFor(() => expect(img.style.opacity).toBe(''));
    await expect(canvas.getByText('Ether')).toBeInTheDocument();
    await expect(canvas.getByText('1.234 ETH')).toBeInTheDocument();
  },
};

export const WithoutValue: Story = {
  args: { value: undefined, name: 'Acme', symbol: 'ACM', quantity: '0.00' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('0.00 ACM')).toBeInTheDocument();
    await expect(canvasElement.querySelector('.pt-token-value')).toBeNull();
    // No icon URL: the symbol's initial stands in.
    await expect(canvasElement.querySelector('.pt-avatar')).toHaveTextContent(/^A$/);
  },
};
