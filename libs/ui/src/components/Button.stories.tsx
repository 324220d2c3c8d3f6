import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './Button';
import { WalletIcon } from './icons';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Connect Wallet', onClick: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] } },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The colour a CSS value (e.g. `var(--pt-danger)`) computes to beside `element`, in its theme. */
function resolvedColor(element: HTMLElement, value: string): string {
  const probe = document.createElement('span');
  probe.style.color = value;
  element.after(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Connect Wallet' });
    await expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Ethereum' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Ethereum' });
    await expect(button).toHaveClass('pt-btn', 'pt-btn-secondary');
    await expect(button).not.toHaveClass('pt-btn-primary');
    await expect(getComputedStyle(button).backgroundColor).toBe(resolvedColor(button, 'var(--pt-bg-2)'));
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Ghost: Story = {
  args: { variant: 'ghost', children: 'Cancel' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Cancel' });
    await expect(button).toHaveClass('pt-btn-ghost');
    await expect(getComputedStyle(button).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    await expect(getComputedStyle(button).color).toBe(resolvedColor(button, 'var(--pt-fg-2)'));
  },
};

export const Danger: Story = {
  args: { variant: 'danger', children: 'Disconnect' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Disconnect' });
    await expect(button).toHaveClass('pt-btn-danger');
    await expect(getComputedStyle(button).color).toBe(resolvedColor(button, 'var(--pt-danger)'));
    await expect(getComputedStyle(button).backgroundColor).toBe(resolvedColor(button, 'var(--pt-danger-bg)'));
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Block: Story = {
  args: { block: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Connect Wallet' });
    const container = button.parentElement!;
    const { paddingLeft, paddingRight } = getComputedStyle(container);
    // Full width: the container's content box, not the label's width.
    await expect(button.offsetWidth).toBe(container.clientWidth - parseFloat(paddingLeft) - parseFloat(paddingRight));
  },
};

export const WithIcon: Story = {
  args: { icon: <WalletIcon /> },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Connect Wallet' });
    // The icon leads the label and is hidden from assistive tech, so the name stays the label.
    const icon = button.querySelector('svg');
    await expect(button.firstChild).toBe(icon);
    await expect(icon).toHaveAttribute('aria-hidden', 'true');
    await expect(button).toHaveTextContent(/^Connect Wallet$/);
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Connect Wallet' });
    await expect(button).toBeDisabled();
    await expect(button).not.toHaveAttribute('aria-busy');
  },
};
