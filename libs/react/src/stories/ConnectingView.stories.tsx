import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ConnectingView from '../views/ConnectingView';
import { createStoryPortico, disposeStoryPorticos, themeOf, withPortico } from './storyPortico';

const meta = {
  title: 'Views/Connecting',
  component: ConnectingView,
  decorators: [withPortico],
  beforeEach: () => disposeStoryPorticos,
} satisfies Meta<typeof ConnectingView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Failed: Story = {
  loaders: [
    async ({ globals }) => {
      const portico = await createStoryPortico({ decline: true, theme: themeOf(globals) });
      void portico.open();
      await portico.connect('acme-wallet').catch(() => undefined);
      return { portico };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Continue in Acme Wallet')).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Connection declined');
    await expect(canvas.getByRole('alert')).toHaveTextContent('User rejected the request.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const Waiting: Story = {
  loaders: [
    async ({ globals }) => {
      const portico = await createStoryPortico({ hang: true, theme: themeOf(globals) });
      void portico.open();
      void portico.connect('acme-wallet').catch(() => undefined);
      return { portico };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Accept the connection request in the wallet.');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
