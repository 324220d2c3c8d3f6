import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Spinner } from './Spinner';

const meta = { title: 'UI/Spinner', component: Spinner } satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading');
  },
};
export const Large: Story = {
  args: { size: 48, label: 'Waiting for the wallet' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent(/^Waiting for the wallet$/);
    const ring = status.querySelector<HTMLElement>('.pt-spinner')!;
    await expect(ring).toHaveAttribute('aria-hidden', 'true');
    const box = ring.getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([48, 48]);
    // It spins, three times slower when the user asks for reduced motion.
    const style = getComputedStyle(ring);
    await expect(style.animationName).toBe('pt-spin');
    await expect(style.animationDuration).toBe(matchMedia('(prefers-reduced-motion: reduce)').matches ? '2.4s' : '0.8s');
  },
};
export const Decorative: Story = {
  args: { label: '' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};
