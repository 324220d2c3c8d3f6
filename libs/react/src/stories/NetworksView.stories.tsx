import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import NetworksView from '../views/NetworksView';
import { connectedPortico, disposeStoryPorticos, themeOf, withPortico, type PorticoLoaded } from './storyPortico';

const meta = {
  title: 'Views/Networks',
  component: NetworksView,
  decorators: [withPortico],
  beforeEach: () => disposeStoryPorticos,
  loaders: [async ({ globals }) => ({ portico: await connectedPortico({ theme: themeOf(globals) }) })],
} satisfies Meta<typeof NetworksView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /^Acme Current$/ })).toHaveAttribute('aria-current', 'true');
    // A testnet says so.
    await expect(canvas.getByRole('button', { name: 'Acme Test Testnet' })).not.toHaveAttribute('aria-current');
  },
};

export const SwitchNetwork: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { portico } = loaded as PorticoLoaded;
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Acme Test Testnet' }));
    await waitFor(() => expect(portico.kernel.connection.get('acme').network).toBe('acme:2'));
    await waitFor(() => expect(canvas.getByRole('button', { name: /^Acme Test Current$/ })).toHaveAttribute('aria-current', 'true'));
  },
};
