import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar } from './Avatar';
import { SAFE_IMAGE, UNSAFE_IMAGE } from './storyImages';

const meta = {
  title: 'UI/Avatar',
  component: Avatar,
  args: { name: 'Wallet', size: 48 },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SafeDataUrl: Story = {
  args: { src: SAFE_IMAGE },
  play: async ({ canvasElement }) => {
    const img = canvasElement.querySelector('img');
    await expect(img).not.toBeNull();
    await expect(img!.getAttribute('src')).toBe(SAFE_IMAGE);
    // Once loaded the image is shown (no longer transparent).
    await waitFor(() => expect(img!.style.opacity).toBe(''));
  },
};

export const UnsafeJavascriptUrl: Story = {
  args: { src: UNSAFE_IMAGE },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvasElement.querySelector('.pt-avatar')).toHaveTextContent('W');
  },
};

export const Placeholder: Story = { args: { name: 'zed' } };
export const Large: Story = { args: { src: SAFE_IMAGE, size: 72 } };
