import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AllWalletsView from '../views/AllWalletsView';
import { createStoryPortico, disposeStoryPorticos, themeOf, withPortico } from './storyPortico';

const meta = {
  title: 'Views/AllWallets',
  component: AllWalletsView,
  decorators: [withPortico],
  beforeEach: () => disposeStoryPorticos,
  loaders: [async ({ globals }) => ({ portico: await createStoryPortico({ theme: themeOf(globals) }) })],
} satisfies Meta<typeof AllWalletsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search wallets' }), 'beta');
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
    // Installed wallets carry the "Installed" tag in their name.
    await expect(canvas.getByRole('button', { name: 'Beta Wallet Installed' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('searchbox'), 'zzz');
    await expect(await canvas.findByText('No wallet matches your search.')).toBeInTheDocument();
  },
};
