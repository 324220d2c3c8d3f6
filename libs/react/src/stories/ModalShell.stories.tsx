import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ModalShell } from '../modal/ModalShell';
import { connectedPortico, createStoryPortico, disposeStoryPorticos, themeOf, untilPending, withPortico, type PorticoLoaded } from './storyPortico';

const meta = {
  title: 'Modal/ModalShell',
  component: ModalShell,
  decorators: [withPortico],
  beforeEach: () => disposeStoryPorticos,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ModalShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ConnectWithAlert: Story = {
  loaders: [
    async ({ globals }) => {
      const portico = await createStoryPortico({ socials: true, theme: themeOf(globals) });
      void portico.open('Connect');
      portico.kernel.alerts.raise('network-not-found', 'acme:99');
      return { portico };
    },
  ],
  play: async ({ canvasElement, loaded }) => {
    const { portico } = loaded as PorticoLoaded;
    const canvas = within(canvasElement);
    const dialog = canvas.getByRole('dialog', { name: 'Connect Wallet' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Network Not Found');
    // The lazily loaded view arrives inside the shell.
    await expect(await within(dialog).findByRole('button', { name: 'Acme Wallet' }, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await expect(portico.kernel.alerts.getSnapshot()).toEqual([]);
  },
};

export const Account: Story = {
  loaders: [
    async ({ globals }) => {
      const portico = await connectedPortico({ theme: themeOf(globals) });
      void portico.open('Account');
      return { portico };
    },
  ],
  play: async ({ canvasElement, loaded }) => {
    const { portico } = loaded as PorticoLoaded;
    const dialog = within(canvasElement).getByRole('dialog', { name: 'Account' });
    await expect(await within(dialog).findByTestId('account-address', {}, { timeout: 5000 })).toHaveTextContent('abcd…456789');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(portico.kernel.router.getSnapshot().isOpen).toBe(false);
  },
};

export const ApproveTransactionNotClosable: Story = {
  loaders: [
    async ({ globals }) => {
      const portico = await connectedPortico({ theme: themeOf(globals) });
      portico.kernel.requestGate.request('acme', { method: 'acme_sign', params: ['hello'] }, async () => '0xsig').catch(() => undefined);
      await untilPending(portico);
      return { portico };
    },
  ],
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: 'Approve request' });
    await expect(await within(dialog).findByTestId('approve-method', {}, { timeout: 5000 })).toHaveTextContent('acme_sign');
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  },
};
