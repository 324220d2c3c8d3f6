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

export const Placeholder: Story = {
  args: { name: 'zed' },
  play: async ({ canvasElement }) => {
    const avatar = canvasElement.querySelector<HTMLElement>('.pt-avatar')!;
    await expect(canvasElement.querySelector('img')).toBeNull();
    // The name's initial, upper-cased; decorative, since the name is shown next to it.
    await expect(avatar).toHaveTextContent(/^Z$/);
    await expect(avatar).toHaveAttribute('aria-hidden', 'true');
    await expect(avatar.getBoundingClientRect().width).toBe(48);
  },
};

export const Large: Story = {
  args: { src: SAFE_IMAGE, size: 72 },
  play: async ({ canvasElement }) => {
    const avatar = canvasElement.querySelector<HTMLElement>('.pt-avatar')!;
    const img = avatar.querySelector('img')!;
    await expect(img).toHaveAttribute('src', SAFE_IMAGE);
    await expect(img).toHaveAttribute('width', '72');
    await expect(img).toHaveAttribute('alt', '');
    await waitFor(() => expect(img.style.opacity).toBe(''));
    const box = avatar.getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([72, 72]);
  },
};
