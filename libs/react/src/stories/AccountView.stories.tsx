import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AccountView from '../views/AccountView';
import { connectedPortico, createStoryPortico, disposeStoryPorticos, themeOf, withPortico, type PorticoLoaded } from './storyPortico';

const meta = {
  title: 'Views/Account',
  component: AccountView,
  decorators: [withPortico],
  beforeEach: () => disposeStoryPorticos,
} satisfies Meta<typeof AccountView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  loaders: [async ({ globals }) => ({ portico: await connectedPortico({ theme: themeOf(globals) }) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // 4 leading and 6 trailing characters of `abcdef0123456789`.
    await expect(canvas.getByTestId('account-address')).toHaveTextContent(/^abcd…456789$/);
    await expect(canvas.queryByText('abcdef0123456789')).toBeNull();
    await waitFor(() => expect(canvas.getByTestId('account-balance')).toHaveTextContent('1.234 ACM'));
    await expect(canvas.getByRole('button', { name: 'Acme' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
  },
};

/** A name service's profile (ENS on eip155:1): the name leads, the address stays visible. */
export const WithName: Story = {
  loaders: [
    async ({ globals }) => ({
      portico: await connectedPortico({
        theme: themeOf(globals),
        identity: { name: 'alice.acme', avatar: `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e8590c"/></svg>')}` },
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('account-name')).toHaveTextContent('alice.acme'));
    await expect(canvas.getByTestId('account-address')).toHaveTextContent(/^abcd…456789$/);
    const image = canvasElement.querySelector('.pt-avatar img');
    await expect(image?.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  },
};

export const Disconnecting: Story = {
  loaders: [async ({ globals }) => ({ portico: await connectedPortico({ theme: themeOf(globals) }) })],
  play: async ({ canvasElement, loaded }) => {
    const { portico } = loaded as PorticoLoaded;
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(portico.kernel.connection.get('acme').status).toBe('disconnected'));
    await expect(await within(canvasElement).findByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  },
};

export const NotConnected: Story = {
  loaders: [async ({ globals }) => ({ portico: await createStoryPortico({ theme: themeOf(globals) }) })],
  play: async ({ canvasElement, loaded }) => {
    const { portico } = loaded as PorticoLoaded;
    const canvas = within(canvasElement);
    // No account: no address, balance or Disconnect, only the way to connect.
    await expect(canvas.queryByTestId('account-address')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    portico.kernel.router.push('Networks');
    await userEvent.click(canvas.getByRole('button', { name: 'Connect Wallet' }));
    await expect(portico.kernel.router.getSnapshot().stack).toEqual([{ view: 'Connect', params: undefined }]);
  },
};
