import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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
export const TitleOnly: Story = { args: { children: undefined } };
export const WithAction: Story = {
  args: {
    severity: 'error',
    title: 'Network Not Found',
    action: (
      <IconButton label="Dismiss">
        <CloseIcon width={16} height={16} />
      </IconButton>
    ),
  },
};
