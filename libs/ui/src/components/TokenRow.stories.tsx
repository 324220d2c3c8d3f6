import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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
export const WithIcon: Story = { args: { iconUrl: SAFE_IMAGE } };
export const WithoutValue: Story = { args: { value: undefined, name: 'Acme', symbol: 'ACM', quantity: '0.00' } };
