import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ConnectView from '../views/ConnectView';
import { createStoryPortico, disposeStoryPorticos, themeOf, withPortico, type PorticoLoaded } from './storyPortico';

const meta = {
  title: 'Views/Connect',
  component: ConnectView,
  decorators: [withPortico],
  beforeEach: () => disposeStoryPorticos,
} satisfies Meta<typeof ConnectView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WalletsAndSocials: Story = {
  loaders: [async ({ globals }) => ({ portico: await createStoryPortico({ socials: true, theme: themeOf(globals) }) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Methods in order: e-mail, social, wallets.
    await expect(canvas.getByRole('button', { name: 'Email' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    for (const name of ['X', 'Discord', 'GitHub']) await expect(canvas.getByRole('button', { name: `Continue with ${name}` })).toBeInTheDocument();
    const wallets = within(canvas.getByRole('region', { name: 'Wallets' }));
    for (const name of ['Acme Wallet', 'Beta Wallet', 'Gamma Wallet']) await expect(wallets.getByRole('button', { name })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'All Wallets' })).toBeInTheDocument();
    // The wallet with a javascript: icon shows the placeholder, not an image.
    await expect(wallets.getByRole('button', { name: 'Gamma Wallet' }).querySelector('img')).toBeNull();
  },
};

export const WalletsOnly: Story = {
  loaders: [async ({ globals }) => ({ portico: await createStoryPortico({ theme: themeOf(globals) }) })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Email' })).toBeNull();
  },
};

export const ConnectingFromTheList: Story = {
  loaders: [async ({ globals }) => ({ portico: await createStoryPortico({ theme: themeOf(globals) }) })],
  play: async ({ canvasElement, loaded }) => {
    const { portico } = loaded as PorticoLoaded;
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Acme Wallet' }));
    await waitFor(() => expect(portico.kernel.connection.get('acme').status).toBe('connected'));
  },
};

export const LegalCheckbox: Story = {
  loaders: [async ({ globals }) => ({ portico: await createStoryPortico({ socials: true, features: { legalCheckbox: true }, theme: themeOf(globals) }) })],
  play: async ({ canvasElement, loaded }) => {
    const { portico } = loaded as PorticoLoaded;
    const canvas = within(canvasElement);
    const acme = canvas.getByRole('button', { name: 'Acme Wallet' });
    await expect(acme).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Email' })).toBeDisabled();
    await expect(acme).toHaveAccessibleDescription('Accept the terms above to connect a wallet.');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy.' }));
    await expect(acme).toBeEnabled();
    await userEvent.click(acme);
    await waitFor(() => expect(portico.kernel.connection.get('acme').status).toBe('connected'));
  },
};

export const CollapsedWallets: Story = {
  loaders: [async ({ globals }) => ({ portico: await createStoryPortico({ socials: true, features: { collapseWallets: true }, theme: themeOf(globals) }) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region', { name: 'Wallets' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue with a wallet' }));
    const wallets = within(canvas.getByRole('region', { name: 'Wallets' }));
    await expect(wallets.getByRole('button', { name: 'Acme Wallet' })).toHaveFocus();
  },
};
