import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AlertBanner } from './AlertBanner';
import { IconButton } from './IconButton';
import { CloseIcon } from './icons';

const meta = {
  title: 'UI/AlertBanner',
  component: AlertBanner,
  args: { severity: 'info', title: 'Heads up', children: 'Something you may want to know.' },
} satisfies Meta<typeof AlertBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Heads up');
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
export const Warning: Story = {
  args: { severity: 'warning', title: 'Session Expired', children: 'Sign in again.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveClass('pt-alert-warning');
  },
};
export const ErrorAlert: Story = {
  name: 'Error',
  args: { severity: 'error', title: 'Network Not Found', children: 'Choose another network.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveClass('pt-alert-error');
  },
};
export const TitleOnly: Story = {
  args: { children: undefined },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('status');
    await expect(banner).toHaveTextContent(/^Heads up$/);
    // No empty body paragraph under the title.
    await expect(banner.querySelectorAll('p')).toHaveLength(1);
  },
};

const dismiss = fn();
export const WithAction: Story = {
  args: {
    severity: 'error',
    title: 'Network Not Found',
    action: (
      <IconButton label="Dismiss" onClick={dismiss}>
        <CloseIcon width={16} height={16} />
      </IconButton>
    ),
  },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('alert');
    await expect(banner).toHaveTextContent('Network Not Found');
    await expect(banner).toHaveTextContent('Something you may want to know.');
    // The action sits inside the banner, after the text.
    const action = within(banner).getByRole('button', { name: 'Dismiss' });
    await expect(banner.lastElementChild).toBe(action);
    await userEvent.click(action);
    await expect(dismiss).toHaveBeenCalledTimes(1);
  },
};
